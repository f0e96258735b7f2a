import { PostList } from '../components/post-list';
import { countWords } from '../lib/count-words';
import { trpc } from '../lib/trpc';

/**
 * Spec section 2 "Bookmark": "N posts in bookmark" (the spec's words; "1 post in bookmark" for one), or
 * "No Post is bookmarked yet".
 */
export default function BookmarkPage() {
  const bookmarks = trpc.bookmarks.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const total = bookmarks.data?.pages[0]?.total;
  return (
    <div className="column">
      <h1 className="page-title">Bookmarks</h1>
      {total !== undefined && total > 0 && (
        <p className="muted">{countWords(total, 'post', 'posts')} in bookmark</p>
      )}
      <PostList
        query={bookmarks}
        label="Bookmarked posts"
        empty={<p className="card empty">No Post is bookmarked yet</p>}
      />
    </div>
  );
}
