import { trpc } from '../lib/trpc';
import { PostList } from './post-list';

/** A post page's "Quotes": the posts quoting it, newest first, in pages of 20 (hidden authors left out). */
export function PostQuotes({ postId }: { postId: string }) {
  const quotes = trpc.posts.quotes.useInfiniteQuery(
    { postId },
    { getNextPageParam: (page) => page.nextCursor },
  );
  return (
    <section className="post-quotes" aria-labelledby="quotes-title">
      <h2 id="quotes-title" className="page-title">
        Quotes
      </h2>
      <PostList
        query={quotes}
        label="Posts quoting this post"
        empty={<p className="card empty muted">No quotes yet.</p>}
      />
    </section>
  );
}
