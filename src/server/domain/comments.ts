import { v4 as uuid } from 'uuid';
import type { Store, Tx } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound, notOwner } from './errors.js';
import { notify, recordMentions, withdrawComment } from './notifications.js';
import { requireReachable } from './barriers.js';
import { requireReachablePost } from './posts.js';
import { requireMayComment } from './answer-policies.js';

/** The comment and its post, when the actor may act on the post (posts.ts requireReachablePost). */
async function requireComment(tx: Tx, actorId: string, postId: string, commentId: string) {
  const post = await requireReachablePost(tx, actorId, postId);
  const comment = await tx.comments.find(postId, commentId);
  if (!comment) throw notFound(messages.commentNotFound);
  return { post, comment };
}

/**
 * Not across a block with the post's author (403), nor on a post hidden from me (404); so too for
 * editing, deleting and voting. Nor when the post's comment policy leaves me out (403, answer-policies.ts).
 */
export async function addComment(store: Store, actor: Actor, postId: string, text: string): Promise<string> {
  return store.write(async (tx) => {
    const post = await requireReachablePost(tx, actor.id, postId);
    await requireMayComment(tx, actor.id, postId);
    const id = uuid();
    const at = now();
    await tx.comments.insert({ id, postId, authorId: actor.id, text, at });
    const source = { postId, commentId: id };
    await notify(tx, { recipientId: post.authorId, actorId: actor.id, kind: 'comment', ...source, at });
    await recordMentions(tx, actor.id, source, text, at, post.authorId);
    tx.live.emit({ type: 'post-changed', postId });
    return id;
  });
}

export async function editComment(
  store: Store,
  actor: Actor,
  postId: string,
  commentId: string,
  text: string,
): Promise<void> {
  await store.write(async (tx) => {
    const { post, comment } = await requireComment(tx, actor.id, postId, commentId);
    if (comment.authorId !== actor.id) throw notOwner(messages.editCommentNotOwner);
    const at = now();
    await tx.comments.setText(commentId, text, at);
    await recordMentions(tx, actor.id, { postId, commentId }, text, at, post.authorId);
    tx.live.emit({ type: 'post-changed', postId });
  });
}

/** Spec section 5: the comment's author or the post's author may delete it. */
export async function deleteComment(
  store: Store,
  actor: Actor,
  postId: string,
  commentId: string,
): Promise<void> {
  await store.write(async (tx) => {
    const { post, comment } = await requireComment(tx, actor.id, postId, commentId);
    if (comment.authorId !== actor.id && post.authorId !== actor.id) {
      throw notOwner(messages.deleteCommentNotOwner);
    }
    await eraseComment(tx, post, comment);
  });
}

/** Deletes the comment as its author's delete does; a moderator's removal (domain/moderation.ts) too. */
export async function eraseComment(
  tx: Tx,
  post: { id: string; authorId: string },
  comment: { id: string; authorId: string },
): Promise<void> {
  const source = { postId: post.id, commentId: comment.id };
  // The mentions are taken back by the comment's author, whoever deletes it.
  await recordMentions(tx, comment.authorId, source, '', now());
  await withdrawComment(tx, post, comment);
  await tx.comments.delete(post.id, comment.id);
  tx.live.emit({ type: 'notifications', memberId: post.authorId });
  tx.live.emit({ type: 'post-changed', postId: post.id });
}

/**
 * Spec section 4: an upvote puts me in upvotedBy and out of downvotedBy; a downvote the reverse. Neither
 * across a block with the comment's author (403), nor on a comment hidden from me (404).
 */
export async function voteComment(
  store: Store,
  actor: Actor,
  postId: string,
  commentId: string,
  kind: 'up' | 'down',
): Promise<void> {
  await store.write(async (tx) => {
    const { comment } = await requireComment(tx, actor.id, postId, commentId);
    await requireReachable(tx, actor.id, [{ id: comment.authorId, notFound: messages.commentNotFound }]);
    if ((await tx.votes.of(commentId, actor.id)) === kind) {
      throw badRequest(kind === 'up' ? messages.alreadyUpvoted : messages.alreadyDownvoted);
    }
    await tx.votes.set(commentId, actor.id, kind, now());
  });
}
