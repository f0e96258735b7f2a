import { Link } from 'wouter';
import { CommentThread } from '../components/comment-thread';
import { PostCard } from '../components/post-card';
import { PostSkeletons } from '../components/post-list';
import { PostQuotes } from '../components/post-quotes';
import { errorMessage, trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
import { useIsVisitor } from '../lib/visitor';

function Missing() {
  // A visitor has no home feed: Explore is where they may go on reading.
  const visitor = useIsVisitor();
  return (
    <div className="column card empty">
      <h1>Post not found</h1>
      <p>This post doesn't exist or was deleted.</p>
      <Link href={visitor ? '/explore' : '/'} className="button">
        {visitor ? 'Explore posts' : 'Go home'}
      </Link>
    </div>
  );
}

/** A post's own page, at an address a member can share: the post, then all its comments, then its quotes. */
export default function PostPage({ postId }: { postId: string }) {
  const post = trpc.posts.byId.useQuery({ postId });
  const missing = post.error?.data?.code === 'NOT_FOUND';
  const author = post.data?.author.username;
  useDocumentTitle(missing ? 'Post not found' : author ? `Post by @${author}` : 'Post');

  if (post.isPending) {
    return (
      <div className="column" aria-busy="true" aria-label="Loading the post">
        <PostSkeletons count={1} />
      </div>
    );
  }
  // A refetch that fails while the post is on screen keeps it there (and a half-typed comment with it).
  if (post.isError && !post.data) {
    if (missing) return <Missing />;
    return (
      <div className="column card empty">
        <h1>This post could not be loaded</h1>
        <p>{errorMessage(post.error)}</p>
        <button type="button" className="button" onClick={() => void post.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="column">
      <h1 className="visually-hidden">Post by @{post.data.author.username}</h1>
      <PostCard post={post.data} onOwnPage />
      <CommentThread post={post.data} />
      <PostQuotes postId={postId} />
    </div>
  );
}
