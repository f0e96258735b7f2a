import { useQueryClient } from '@tanstack/react-query';
import {
  edited,
  findMine,
  patchComment,
  scoreAfter,
  withAtEnd,
  type ThreadComment,
  type Vote,
} from './comment-thread';
import { postCache } from './post-cache';
import { sentComments } from './sent-comments';
import { useSession } from './session';
import { useToast } from './toast';
import { errorMessage, trpc } from './trpc';

// The writes of a post's own page. Every comment write answers the post's card, which replaces the card
// wherever it is shown (its count, its latest comments); the thread changes in place, without reloading its
// pages. Votes show at once and roll back on failure; each failure raises a toast naming what failed.

function useThread(postId: string) {
  const client = useQueryClient();
  const utils = trpc.useUtils();
  const toast = useToast();
  const key = { postId };
  return {
    client,
    toast,
    key,
    list: utils.comments.list,
    change: (commentId: string, next: (comment: ThreadComment) => ThreadComment | null) => {
      utils.comments.list.setInfiniteData(key, (thread) => patchComment(thread, commentId, next));
      sentComments.change(client, postId, commentId, next);
    },
    /** Names what failed in a toast, and fails on, so a form keeps its text for another try. */
    fail: (what: string) => (error: unknown) => {
      toast.error(`${what}: ${errorMessage(error)}`);
      throw error;
    },
  };
}

/**
 * The page's comment box: the new comment joins the end of the thread when the end is loaded, else it waits
 * under the box (lib/sent-comments.ts). Resolves to its id once shown.
 */
export function useAddComment(postId: string) {
  const thread = useThread(postId);
  const me = useSession()?.user; // none for a visitor, who is offered "Sign in to comment" instead
  const add = trpc.comments.add.useMutation();
  return (text: string) =>
    add.mutateAsync({ postId, text }).then((card) => {
      postCache.replace(thread.client, card);
      const mine = findMine(thread.list.getInfiniteData(thread.key), card, me?.id ?? '');
      if (!mine) {
        void thread.list.invalidate(thread.key);
        return null;
      }
      const current = thread.list.getInfiniteData(thread.key);
      const atEnd = withAtEnd(current, mine);
      if (atEnd !== current) thread.list.setInfiniteData(thread.key, () => atEnd);
      else sentComments.add(thread.client, postId, mine);
      return mine.id;
    }, thread.fail('Could not add the comment'));
}

/** Voting on, editing and deleting one comment. */
export function useCommentActions(postId: string, comment: ThreadComment) {
  const thread = useThread(postId);
  const upvote = trpc.comments.upvote.useMutation();
  const downvote = trpc.comments.downvote.useMutation();
  const edit = trpc.comments.edit.useMutation();
  const remove = trpc.comments.delete.useMutation();
  const ref = { postId, commentId: comment.id };

  return {
    /** Spec section 5: a repeated vote is refused, so voting as I already did (or am doing) does nothing. */
    vote(vote: Vote) {
      if (comment.myVote === vote || upvote.isPending || downvote.isPending) return;
      const before = { score: comment.score, myVote: comment.myVote };
      thread.change(comment.id, (current) => ({
        ...current,
        score: scoreAfter(current, vote),
        myVote: vote,
      }));
      (vote === 'up' ? upvote : downvote).mutate(ref, {
        onSuccess: (card) => postCache.replace(thread.client, card),
        onError: (error) => {
          thread.change(comment.id, (current) => ({ ...current, ...before }));
          thread.toast.error(`Could not ${vote}vote the comment: ${errorMessage(error)}`);
        },
      });
    },

    edit: (text: string) =>
      edit.mutateAsync({ ...ref, text }).then((card) => {
        postCache.replace(thread.client, card);
        const next = edited(comment, text, card);
        thread.change(comment.id, () => next.comment);
        // A newly mentioned name becomes a link once the server has said that member exists.
        if (!next.complete) void thread.list.invalidate(thread.key);
      }, thread.fail('Could not save the comment')),

    delete: () =>
      remove.mutateAsync(ref).then((card) => {
        postCache.replace(thread.client, card);
        thread.change(comment.id, () => null);
      }, thread.fail('Could not delete the comment')),
  };
}
