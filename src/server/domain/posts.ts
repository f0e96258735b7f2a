import { v4 as uuid } from 'uuid';
import type { Store, Tx } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound, notOwner } from './errors.js';

/**
 * The post, locked until the write ends: on PostgreSQL two rules checking it at once (two dislikes of a
 * post with one like) take turns, as SQLite's single writer makes them.
 */
export async function requirePost(tx: Tx, postId: string) {
  const post = await tx.posts.lock(postId);
  if (!post) throw notFound(messages.postNotFound);
  return post;
}

/** The spec's 404 for a read of a post that does not exist. */
export async function requirePostExists(store: Store, postId: string): Promise<void> {
  if (!(await store.read.posts.find(postId))) throw notFound(messages.postNotFound);
}

export async function createPost(store: Store, actor: Actor, content: string): Promise<string> {
  const id = uuid();
  await store.write((tx) => tx.posts.insert({ id, authorId: actor.id, content, at: now() }));
  return id;
}

export async function editPost(store: Store, actor: Actor, postId: string, content: string): Promise<void> {
  await store.write(async (tx) => {
    if ((await requirePost(tx, postId)).authorId !== actor.id) throw notOwner(messages.editPostNotOwner);
    await tx.posts.setContent(postId, content, now());
  });
}

/** Comments, reactions, votes and bookmarks go with the post (foreign keys cascade): no dangling ids. */
export async function deletePost(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    if ((await requirePost(tx, postId)).authorId !== actor.id) throw notOwner(messages.deletePostNotOwner);
    await tx.posts.delete(postId);
  });
}

/** Spec section 4: like adds me to likedBy, takes me out of dislikedBy, and adds one to likeCount. */
export async function likePost(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    await requirePost(tx, postId);
    if ((await tx.reactions.of(postId, actor.id)) === 'like') throw badRequest(messages.alreadyLiked);
    await tx.reactions.set(postId, actor.id, 'like', 1, now());
  });
}

/** Spec section 4: dislike takes one from likeCount, me out of likedBy and into dislikedBy. */
export async function dislikePost(store: Store, actor: Actor, postId: string): Promise<void> {
  await store.write(async (tx) => {
    const post = await requirePost(tx, postId);
    if (post.likeCount <= 0) throw badRequest(messages.likeBelowZero);
    if ((await tx.reactions.of(postId, actor.id)) === 'dislike') throw badRequest(messages.alreadyDisliked);
    await tx.reactions.set(postId, actor.id, 'dislike', -1, now());
  });
}
