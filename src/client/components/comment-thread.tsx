import { countWords } from '../lib/count-words';
import { useCallback, useRef, useState } from 'react';
import { limits } from '../../shared/limits';
import { waitingComments, type ThreadComment as Comment } from '../lib/comment-thread';
import { itemsOfPages } from '../lib/pages';
import { useSentComments } from '../lib/sent-comments';
import { useLoadMore } from '../lib/use-load-more';
import { trpc } from '../lib/trpc';
import type { PostCard } from '../lib/trpc-types';
import { useAddComment } from '../lib/use-comment-actions';
import { useIsVisitor } from '../lib/visitor';
import { CommentTextForm } from './comment-text-form';
import { SignInLink } from './sign-in-link';
import { commentPolicyText } from '../lib/answer-words';
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
 * post-list.tsx does it), after a box for a new one. Mine joins the end when the end is loaded; before, it
 * shows at once under the box, marked, until the page that holds it loads and it takes its place there.
 */
export function CommentThread({ post }: { post: PostCard }) {
  const thread = trpc.comments.list.useInfiniteQuery(
    { postId: post.id },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const addComment = useAddComment(post.id);
  const visitor = useIsVisitor();
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const sentinel = useLoadMore(thread);
  const heading = useRef<HTMLHeadingElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = thread;

  // Stable, so a comment that did not change is not drawn again when a page is added to a long thread.
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  const comments = itemsOfPages(thread.data?.pages ?? []);
  const waiting = waitingComments(comments, useSentComments(post.id));
  const item = (comment: Comment) => (
    <ThreadComment
      key={comment.id}
      comment={comment}
      postAuthorId={post.author.id}
      justAdded={comment.id === justAdded}
      // The keyboard's place was in the comment that is gone: it goes to the thread's heading.
      onDeleted={focusHeading}
    />
  );

  return (
    <section
      className="card thread"
      aria-labelledby="thread-title"
      aria-busy={thread.isPending || isFetchingNextPage}
    >
      <h2 id="thread-title" className="thread-title" ref={heading} tabIndex={-1}>
        {countLabel(post.commentCount)}
      </h2>
      {visitor ? (
        <p className="visitor-prompt">
          <SignInLink>Sign in to comment</SignInLink>
        </p>
      ) : !post.mayComment ? (
        <p className="muted comment-closed">{commentPolicyText(post.commentPolicy, post.author.username)}.</p>
      ) : (
        <CommentTextForm
          label="Add a comment"
          placeholder="Add a comment..."
          submitLabel="Comment"
          onSubmit={(text) => addComment(text).then(setJustAdded)}
        />
      )}
      {waiting.length > 0 && (
        <ol className="thread-comments thread-sent" aria-label="Your new comments">
          {waiting.map(item)}
        </ol>
      )}
      {thread.isPending ? (
        <p className="muted thread-status">Loading comments…</p>
      ) : thread.isError && !thread.data ? (
        <Retry what="The comments" onRetry={() => void thread.refetch()} />
      ) : comments.length === 0 && waiting.length === 0 ? (
        <p className="muted thread-status">No comments yet. Be the first to comment.</p>
      ) : (
        <ol className="thread-comments" aria-label="Comments">
          {comments.map(item)}
        </ol>
      )}
      <div ref={sentinel} />
      {isFetchingNextPage && <p className="muted thread-status">Loading more comments…</p>}
      {isFetchNextPageError && <Retry what="More comments" onRetry={() => void fetchNextPage()} />}
      {!hasNextPage && comments.length > limits.pageSize && <p className="list-end">That's every comment.</p>}
    </section>
  );
}
