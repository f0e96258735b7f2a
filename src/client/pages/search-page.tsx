import { TRPCClientError } from '@trpc/client';
import { useSearch } from 'wouter';
import { PostList } from '../components/post-list';
import { HighlightContext } from '../components/rich-text';
import { SearchForm } from '../components/search-form';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';

/** What `?type=` may name; People and Tags join Posts as tabs when they exist (docs/web-app.md, "Search"). */
const types = ['posts'] as const;

/**
 * /search?q=...: posts that match, best first, the found words marked, in pages of 20. The query and the
 * kind of result live in the URL, so a search can be shared, reloaded and gone back to.
 */
export default function SearchPage() {
  const params = new URLSearchParams(useSearch());
  const q = (params.get('q') ?? '').trim();
  const asked = params.get('type');
  const type = types.find((t) => t === asked) ?? 'posts';
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
      <SearchForm key={q} initial={q} label="New search" />
      {q === '' ? (
        <p className="card empty">
          Search posts by their words, &quot;a phrase&quot;, from:username or #tag.
        </p>
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
