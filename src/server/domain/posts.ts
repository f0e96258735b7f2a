import { and, eq, sql } from 'drizzle-orm';
import { v4 as uuid } from 'uuid';
import { write, type Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { postReactions, posts } from '../db/schema.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound, notOwner } from './errors.js';

// The statements of likes and dislikes, which a busy post takes many of a second, are compiled once
// (db/prepared.ts); the rarer writes build theirs.
const statements = preparedOnce((db: Db) => {
  const postId = sql.placeholder('postId');
  const userId = sql.placeholder('userId');
  const kind = sql.placeholder('kind');
  const at = sql.placeholder('at');
  return {
    post: db
      .select({ id: posts.id, authorId: posts.authorId, likeCount: posts.likeCount })
      .from(posts)
      .where(eq(posts.id, postId))
      .prepare(),
    reaction: db
      .select({ kind: postReactions.kind })
      .from(postReactions)
      .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)))
      .prepare(),
    setReaction: db
      .insert(postReactions)
      .values({ postId, userId, kind, createdAt: at })
      .onConflictDoUpdate({
        target: [postReactions.postId, postReactions.userId],
        set: { kind: sql`excluded.kind`, createdAt: sql`excluded.created_at` },
      })
      .prepare(),
    addToLikeCount: db
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + ${sql.placeholder('delta')}`, updatedAt: sql`${at}` })
      .where(eq(posts.id, postId))
      .prepare(),
  };
});

export function requirePost(db: Db, postId: string) {
  const post = statements(db).post.get({ postId });
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
  write(db, () => {
    if (requirePost(db, postId).authorId !== actor.id) throw notOwner(messages.editPostNotOwner);
    db.update(posts).set({ content, updatedAt: now() }).where(eq(posts.id, postId)).run();
  });
}

/** Comments, reactions, votes and bookmarks go with the post (foreign keys cascade): no dangling ids. */
export function deletePost(db: Db, actor: Actor, postId: string): void {
  write(db, () => {
    if (requirePost(db, postId).authorId !== actor.id) throw notOwner(messages.deletePostNotOwner);
    db.delete(posts).where(eq(posts.id, postId)).run();
  });
}

function reactionOf(db: Db, postId: string, userId: string) {
  return statements(db).reaction.get({ postId, userId })?.kind;
}

function setReaction(db: Db, postId: string, userId: string, kind: 'like' | 'dislike', delta: 1 | -1) {
  const at = now();
  statements(db).setReaction.run({ postId, userId, kind, at });
  statements(db).addToLikeCount.run({ postId, delta, at });
}

/** Spec section 4: like adds me to likedBy, takes me out of dislikedBy, and adds one to likeCount. */
export function likePost(db: Db, actor: Actor, postId: string): void {
  write(db, () => {
    requirePost(db, postId);
    if (reactionOf(db, postId, actor.id) === 'like') throw badRequest(messages.alreadyLiked);
    setReaction(db, postId, actor.id, 'like', 1);
  });
}

/** Spec section 4: dislike takes one from likeCount, me out of likedBy and into dislikedBy. */
export function dislikePost(db: Db, actor: Actor, postId: string): void {
  write(db, () => {
    const post = requirePost(db, postId);
    if (post.likeCount <= 0) throw badRequest(messages.likeBelowZero);
    if (reactionOf(db, postId, actor.id) === 'dislike') throw badRequest(messages.alreadyDisliked);
    setReaction(db, postId, actor.id, 'dislike', -1);
  });
}
