import { countWords } from '../lib/count-words';
import { useCallback, useRef, useState } from 'react';
import { limits } from '../../shared/limits';
import { itemsOfPages } from '../lib/pages';
import { useLoadMore } from '../lib/use-load-more';
import { trpc } from '../lib/trpc';
import type { PostCard } from '../lib/trpc-types';
import { useAddComment } from '../lib/use-comment-actions';
import { CommentTextForm } from './comment-text-form';
import { ThreadComment } from './thread-comment';

const countLabel = (count: number) => countWords(count, 'comment', 'comments');

function Retry({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="empty thread-status">
      <p>{what} could not be loaded.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * Every comment of a post, oldest first, in pages of 20 that load as the end comes into view (as
 * post-list.tsx does it), after a box for a new one, which joins the end.
 */
export function CommentThread({ post }: { post: PostCard }) {
  const thread = trpc.comments.list.useInfiniteQuery(
    { postId: post.id },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const addComment = useAddComment(post.id);
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const sentinel = useLoadMore(thread);
  const heading = useRef<HTMLHeadingElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = thread;

  // Stable, so a comment that did not change is not drawn again when a page is added to a long thread.
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  const comments = itemsOfPages(thread.data?.pages ?? []);

  return (
    <section
      className="card thread"
      aria-labelledby="thread-title"
      aria-busy={thread.isPending || isFetchingNextPage}
    >
      <h2 id="thread-title" className="thread-title" ref={heading} tabIndex={-1}>
        {countLabel(post.commentCount)}
      </h2>
      <CommentTextForm
        label="Add a comment"
        placeholder="Add a comment..."
        submitLabel="Comment"
        onSubmit={(text) => addComment(text).then(setJustAdded)}
      />
      {thread.isPending ? (
        <p className="muted thread-status">Loading comments…</p>
      ) : thread.isError && !thread.data ? (
        <Retry what="The comments" onRetry={() => void thread.refetch()} />
      ) : comments.length === 0 ? (
        <p className="muted thread-status">No comments yet. Be the first to comment.</p>
      ) : (
        <ol className="thread-comments" aria-label="Comments">
          {comments.map((comment) => (
            <ThreadComment
              key={comment.id}
              comment={comment}
              postAuthorId={post.author.id}
              justAdded={comment.id === justAdded}
              // The keyboard's place was in the comment that is gone: it goes to the thread's heading.
              onDeleted={focusHeading}
            />
          ))}
        </ol>
      )}
      <div ref={sentinel} />
      {isFetchingNextPage && <p className="muted thread-status">Loading more comments…</p>}
      {isFetchNextPageError && <Retry what="More comments" onRetry={() => void fetchNextPage()} />}
      {!hasNextPage && comments.length > limits.pageSize && <p className="list-end">That's every comment.</p>}
    </section>
  );
}
