import { PostList } from '../components/post-list';
import { trpc } from '../lib/trpc';

/** Spec section 2 "Explore": every post, newest first. */
export default function ExplorePage() {
  const posts = trpc.posts.explore.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  return (
    <div className="column">
      <h1 className="page-title">Explore</h1>
      <PostList
        query={posts}
        label="All posts"
        empty={<p className="card empty">Nobody has posted yet.</p>}
      />
    </div>
  );
}
