import { Link } from 'wouter';
import { PostList } from '../components/post-list';
import { parseRichText } from '../../shared/rich-text';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';

/** True when `#tag` is one whole hashtag by the shared parser's rules, as the server checks it. */
function isTag(tag: string): boolean {
  const [only, ...rest] = parseRichText(`#${tag}`);
  return only?.kind === 'tag' && only.text === `#${tag}` && rest.length === 0;
}

/** The posts with one hashtag, newest first, in pages of 20. */
export default function TagPage({ tag }: { tag: string }) {
  const valid = isTag(tag);
  useDocumentTitle(`#${tag}`);
  const posts = trpc.posts.byTag.useInfiniteQuery(
    { tag },
    { getNextPageParam: (page) => page.nextCursor, enabled: valid },
  );
  if (!valid) {
    return (
      <div className="column card empty">
        <h1>Not a hashtag</h1>
        <p>A hashtag is made of letters, digits and _, with at least one letter or _.</p>
        <Link href="/explore" className="button">
          Explore posts
        </Link>
      </div>
    );
  }
  return (
    <div className="column">
      <h1 className="page-title">#{tag}</h1>
      <PostList
        query={posts}
        label={`Posts with #${tag}`}
        empty={<p className="card empty">No posts with #{tag} yet.</p>}
      />
    </div>
  );
}
