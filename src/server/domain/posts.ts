import { v4 as uuid } from 'uuid';
import type { Store, Tx } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound, notOwner } from './errors.js';
import { requireReachable } from './barriers.js';
import { notify, recordPostText, withdrawLike } from './notifications.js';
import { releasePostMedia, setPostMedia, type PostMediaInput } from './post-media.js';
import { requireQuotable } from './answer-policies.js';
import type { CommentPolicy, QuotePolicy } from '../../shared/answer-schemas.js';

/**
 * The post, locked until the write ends: on PostgreSQL two rules checking it at once (two dislikes of a
 * post with one like) take turns, as SQLite's single writer makes them.
 */
export async function requirePost(tx: Tx, postId: string) {
  const post = await tx.posts.lock(postId);
  if (!post) throw notFound(messages.postNotFound);
  return post;
}

/**
 * The post, locked, when the actor may act on it (domain/barriers.ts): refused with 403 when a
 * block stands between the actor and its author, "not found" when it is hidden from the actor otherwise
 * (they muted its author, or its author is suspended).
 */
export async function requireReachablePost(tx: Tx, actorId: string, postId: string) {
  const post = await requirePost(tx, postId);
  await requireReachable(tx, actorId, [{ id: post.authorId, notFound: messages.postNotFound }]);
  return post;
}

/** The spec's 404 for a read of a post that does not exist. */
export async function requirePostExists(store: Store, postId: string): Promise<void> {
  if (!(await store.read.posts.find(postId))) throw notFound(messages.postNotFound);
}

/**
 * The same for the tRPC post page: "not found" too when the post's author is hidden from the
 * viewer (blocked either way, muted, suspended).
 */
export async function requireVisiblePost(store: Store, viewerId: string | null, postId: string) {
  if (!(await store.read.relations.postVisible(viewerId, postId))) throw notFound(messages.postNotFound);
}

/** Pictures a post is written with (tRPC only; the REST contract has none), and how many it may carry. */
export type PostPictures = { media: PostMediaInput; perPost: number };

/**
 * Who may answer a new post (default everyone) and the post it quotes (tRPC only; posts written over /api
 * take the defaults). docs/decisions/0010-quotes-and-answer-policies.md.
 */
export type PostAnswers = {
  commentPolicy?: CommentPolicy | undefined;
  quotePolicy?: QuotePolicy | undefined;
  quoteOf?: string | undefined;
};

export async function createPost(
  store: Store,
  actor: Actor,
  content: string,
  pictures?: PostPictures,
  answers: PostAnswers = {},
): Promise<string> {
  const id = uuid();
  const { commentPolicy, quotePolicy, quoteOf } = answers;
  await store.write(async (tx) => {
    const at = now();
    const quotedAuthor = quoteOf ? await requireQuotable(tx, actor.id, quoteOf) : null;
    await tx.posts.insert({
      id,
      authorId: actor.id,
      content,
      at,
      commentPolicy,
      quotePolicy,
      quoteOfId: quoteOf,
    });
    if (pictures) await setPostMedia(tx, actor.id, id, pictures.media, pictures.perPost);
    await recordPostText(tx, actor.id, id, content, at);
    // Each quote is its own notification, about the quoting post (domain/notifications.ts).
    if (quotedAuthor) {
      await notify(tx, {
        recipientId: quotedAuthor,
        actorId: actor.id,
        kind: 'quote',
        postId: id,
        commentId: null,
        at,
      });
    }
    tx.live.emit({ type: 'post', postId: id, authorId: actor.id });
  });
  return id;
}

/** `pictures` unset leaves the post's pictures as they are (a REST edit, or a tRPC edit without `media`). */
export async function editPost(
  store: Store,
  actor: Actor,
  postId: string,
  content: string,
  pictures?: PostPictures,
): Promise<void> {
  await store.write(async (tx) => {
    if ((await requirePost(tx, postId)).authorId !== actor.id) throw notOwner(messages.editPostNotOwner);
    const at = now();
    await tx.posts.setContent(postId, content, at);
    if (pictures) await setPostMedia(tx, actor.id, postId, pictures.media, pictures.perPost);
    await recordPostText(tx, actor.id, postId, content, at);
    tx.live.emit({ type: 'post-changed', postId, edited: true });
  });
}

/**
 * Comments, reactions, votes, bookmarks and notifications go with the post (foreign keys cascade): no
 * dangling ids. Those it notified (its author, the members its text and its comments mention) hear that their
 * notifications changed.
 */
export async function deletePost(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    if ((await requirePost(tx, postId)).authorId !== actor.id) throw notOwner(messages.deletePostNotOwner);
    await erasePost(tx, postId);
  });
}

/** Deletes the post as its author's delete does; a moderator's removal (domain/moderation.ts) too. */
export async function erasePost(tx: Tx, postId: string): Promise<void> {
  // Its mentions and their notifications cascade too; `notified` already names everyone they told.
  const notified = await tx.notifications.recipientsOf(postId);
  await releasePostMedia(tx, postId);
  const createdAt = await tx.posts.delete(postId);
  for (const memberId of notified) tx.live.emit({ type: 'notifications', memberId });
  tx.live.emit({ type: 'post-changed', postId, ...(createdAt !== undefined && { deleted: { createdAt } }) });
}

/**
 * Spec section 4: like adds me to likedBy, takes me out of dislikedBy, and adds one to likeCount. Not
 * across a block (403), nor on a post hidden from me (404).
 */
export async function likePost(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    const post = await requireReachablePost(tx, actor.id, postId);
    if ((await tx.reactions.of(postId, actor.id)) === 'like') throw badRequest(messages.alreadyLiked);
    const at = now();
    await tx.reactions.set(postId, actor.id, 'like', 1, at);
    const notice = { recipientId: post.authorId, actorId: actor.id, postId, commentId: null, at };
    await notify(tx, { ...notice, kind: 'like' });
    tx.live.emit({ type: 'post-changed', postId });
  });
}

/** Spec section 4: dislike takes one from likeCount, me out of likedBy and into dislikedBy; refused as a like is. */
export async function dislikePost(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    const post = await requireReachablePost(tx, actor.id, postId);
    if (post.likeCount <= 0) throw badRequest(messages.likeBelowZero);
    const before = await tx.reactions.of(postId, actor.id);
    if (before === 'dislike') throw badRequest(messages.alreadyDisliked);
    await tx.reactions.set(postId, actor.id, 'dislike', -1, now());
    if (before === 'like') await withdrawLike(tx, actor.id, post);
    tx.live.emit({ type: 'post-changed', postId });
  });
}
