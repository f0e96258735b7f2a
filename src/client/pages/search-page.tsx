import { TRPCClientError } from '@trpc/client';
import { Link, useSearch } from 'wouter';
import { PostList } from '../components/post-list';
import { HighlightContext } from '../components/rich-text';
import { searchPath, SearchForm, type SearchType } from '../components/search-form';
import { PeopleResults, TagResults } from '../components/search-results';
import { useSession } from '../lib/session';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';

/** What `?type=` may name, each a tab (docs/web-app.md, "Search"); people and tags are for members. */
const tabs: { type: SearchType; label: string }[] = [
  { type: 'posts', label: 'Posts' },
  { type: 'people', label: 'People' },
  { type: 'tags', label: 'Tags' },
];

/**
 * /search?q=...: posts that match, best first, the found words marked, in pages of 20; with `&type=people`
 * or `&type=tags`, members and tags whose names start with the query. The query and the tab live in the
 * URL, so a search can be shared, reloaded and gone back to.
 */
export default function SearchPage() {
  const params = new URLSearchParams(useSearch());
  const q = (params.get('q') ?? '').trim();
  const asked = params.get('type');
  const member = useSession() !== null;
  const shown = member ? tabs : tabs.slice(0, 1);
  const type = shown.find((tab) => tab.type === asked)?.type ?? 'posts';
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  const posts = trpc.search.posts.useInfiniteQuery(
    { q },
    { getNextPageParam: (page) => page.nextCursor, enabled: q !== '' && type === 'posts', retry: false },
  );
  const highlight = posts.data?.pages[0]?.highlight ?? [];
  const refused =
    posts.error instanceof TRPCClientError &&
    (posts.error.data as { httpStatus?: number } | undefined)?.httpStatus === 400
      ? posts.error.message
      : null;
  return (
    <div className="column search-page">
      <h1 className="page-title">Search</h1>
      <SearchForm key={q} initial={q} label="New search" type={type} />
      {shown.length > 1 && (
        <nav className="toggle" aria-label="What to search">
          {shown.map((tab) => (
            <Link
              key={tab.type}
              href={searchPath(q, tab.type)}
              aria-current={tab.type === type ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      )}
      {q === '' ? (
        <p className="card empty">
          Search posts by their words, &quot;a phrase&quot;, from:username or #tag.
        </p>
      ) : type === 'people' ? (
        <PeopleResults q={q} />
      ) : type === 'tags' ? (
        <TagResults q={q} />
      ) : refused ? (
        <p className="card empty" role="alert">
          {refused}
        </p>
      ) : (
        <HighlightContext.Provider value={highlight}>
          <PostList
            query={posts}
            label={`Posts matching ${q}`}
            empty={<p className="card empty">No posts match “{q}”.</p>}
          />
        </HighlightContext.Provider>
      )}
    </div>
  );
}
