import type { InfiniteData } from '@tanstack/react-query';
import { mentionsAndTags } from '../../shared/rich-text';
import { usernameKey } from '../../shared/username-key';
import type { PostCard, RouterOutputs } from './trpc-types';

/** One comment on a post's own page: its score (upvotes less downvotes) and my vote. */
export type ThreadComment = RouterOutputs['comments']['list']['items'][number];
type Thread = InfiniteData<RouterOutputs['comments']['list'], string | null>;
export type Vote = 'up' | 'down';

/** A comment's place in the loaded pages, changed (or removed, on null) by `change`. */
export function patchComment(
  thread: Thread | undefined,
  commentId: string,
  change: (comment: ThreadComment) => ThreadComment | null,
): Thread | undefined {
  if (!thread) return thread;
  return {
    ...thread,
    pages: thread.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((comment) => {
        if (comment.id !== commentId) return [comment];
        const next = change(comment);
        return next ? [next] : [];
      }),
    })),
  };
}

/** The score after I vote `vote`: my earlier opposite vote, if any, is taken back too (spec section 4). */
export const scoreAfter = (comment: ThreadComment, vote: Vote) =>
  comment.score + (vote === 'up' ? 1 : -1) * (comment.myVote ? 2 : 1);

/**
 * The comment I just added, found on the card comments.add answers (its latest comments, newest first) as
 * the newest of mine that the thread does not show yet; undefined when the card does not carry it (others
 * commented meanwhile). It joins the end of the thread only once the end is loaded: before, it arrives with
 * the last page, where it belongs.
 */
export function findMine(
  thread: Thread | undefined,
  card: PostCard,
  myId: string,
): ThreadComment | undefined {
  const shown = new Set(thread?.pages.flatMap((page) => page.items.map((comment) => comment.id)));
  const mine = card.latestComments.find((comment) => comment.author.id === myId && !shown.has(comment.id));
  return mine && { ...mine, score: 0, myVote: null };
}

/**
 * The comments I sent that no loaded page holds yet: they wait under the comment box, where I just wrote
 * them. Once the page that holds one loads, it is shown once, in its place in the thread, and not here.
 */
export function waitingComments(loaded: readonly ThreadComment[], sent: readonly ThreadComment[]) {
  const ids = new Set(loaded.map((comment) => comment.id));
  return sent.filter((comment) => !ids.has(comment.id));
}

/** The thread with `comment` at its end, when its end is loaded. */
export function withAtEnd(thread: Thread | undefined, comment: ThreadComment): Thread | undefined {
  const last = thread?.pages.at(-1);
  if (!thread || !last || last.nextCursor !== null) return thread;
  return { ...thread, pages: [...thread.pages.slice(0, -1), { ...last, items: [...last.items, comment] }] };
}

/**
 * The comment as edited, from what the client knows: the card's copy when it carries it, else the new text
 * with the mentions that were known. `complete` is false when the text names someone not known to exist:
 * only the server can say whether they do.
 */
export function edited(
  comment: ThreadComment,
  text: string,
  card: PostCard,
): { comment: ThreadComment; complete: boolean } {
  const fresh = card.latestComments.find((latest) => latest.id === comment.id);
  if (fresh) return { comment: { ...comment, ...fresh }, complete: true };
  const known = new Map(comment.mentions.map((name) => [usernameKey(name), name]));
  const named = mentionsAndTags(text).mentions;
  const mentions = named.flatMap((key) => known.get(key) ?? []);
  const at = new Date().toISOString();
  // The server marks an edit only when the text changed (it trims it first).
  const editedAt = text.trim() === comment.text ? comment.editedAt : at;
  return {
    comment: { ...comment, text, mentions, updatedAt: at, editedAt },
    complete: mentions.length === named.length,
  };
}
