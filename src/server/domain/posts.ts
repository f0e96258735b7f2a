import { and, eq, sql } from 'drizzle-orm';
import { v4 as uuid } from 'uuid';
import { write, type Db, type Tx } from '../db/client.js';
import { postReactions, posts } from '../db/schema.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound, notOwner } from './errors.js';

export function requirePost(tx: Db | Tx, postId: string) {
  const post = tx
    .select({ id: posts.id, authorId: posts.authorId, likeCount: posts.likeCount })
    .from(posts)
    .where(eq(posts.id, postId))
    .get();
  if (!post) throw notFound(messages.postNotFound);
  return post;
}

export function createPost(db: Db, actor: Actor, content: string): string {
  const id = uuid();
  const at = now();
  db.insert(posts).values({ id, authorId: actor.id, content, createdAt: at, updatedAt: at }).run();
  return id;
}

export function editPost(db: Db, actor: Actor, postId: string, content: string): void {
  write(db, (tx) => {
    if (requirePost(tx, postId).authorId !== actor.id) throw notOwner(messages.editPostNotOwner);
    tx.update(posts).set({ content, updatedAt: now() }).where(eq(posts.id, postId)).run();
  });
}

/** Comments, reactions, votes and bookmarks go with the post (foreign keys cascade): no dangling ids. */
export function deletePost(db: Db, actor: Actor, postId: string): void {
  write(db, (tx) => {
    if (requirePost(tx, postId).authorId !== actor.id) throw notOwner(messages.deletePostNotOwner);
    tx.delete(posts).where(eq(posts.id, postId)).run();
  });
}

function reactionOf(tx: Tx, postId: string, userId: string) {
  return tx
    .select({ kind: postReactions.kind })
    .from(postReactions)
    .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)))
    .get()?.kind;
}

function setReaction(tx: Tx, postId: string, userId: string, kind: 'like' | 'dislike', delta: 1 | -1) {
  const at = now();
  tx.insert(postReactions)
    .values({ postId, userId, kind, createdAt: at })
    .onConflictDoUpdate({
      target: [postReactions.postId, postReactions.userId],
      set: { kind, createdAt: at },
    })
    .run();
  tx.update(posts)
    .set({ likeCount: sql`${posts.likeCount} + ${delta}`, updatedAt: at })
    .where(eq(posts.id, postId))
    .run();
}

/** Spec section 4: like adds me to likedBy, takes me out of dislikedBy, and adds one to likeCount. */
export function likePost(db: Db, actor: Actor, postId: string): void {
  write(db, (tx) => {
    requirePost(tx, postId);
    if (reactionOf(tx, postId, actor.id) === 'like') throw badRequest(messages.alreadyLiked);
    setReaction(tx, postId, actor.id, 'like', 1);
  });
}

/** Spec section 4: dislike takes one from likeCount, me out of likedBy and into dislikedBy. */
export function dislikePost(db: Db, actor: Actor, postId: string): void {
  write(db, (tx) => {
    const post = requirePost(tx, postId);
    if (post.likeCount <= 0) throw badRequest(messages.likeBelowZero);
    if (reactionOf(tx, postId, actor.id) === 'dislike') throw badRequest(messages.alreadyDisliked);
    setReaction(tx, postId, actor.id, 'dislike', -1);
  });
}
