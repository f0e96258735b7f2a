import { and, eq, sql } from 'drizzle-orm';
import { v4 as uuid } from 'uuid';
import { write, type Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { comments, commentVotes, posts } from '../db/schema.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound, notOwner } from './errors.js';
import { requirePost } from './posts.js';

function requireComment(db: Db, postId: string, commentId: string) {
  const post = requirePost(db, postId);
  const comment = db
    .select({ id: comments.id, authorId: comments.authorId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .get();
  if (!comment) throw notFound(messages.commentNotFound);
  return { post, comment };
}

// Commenting is part of the busy write mix (issue 4): its statements are compiled once (db/prepared.ts).
const statements = preparedOnce((db: Db) => ({
  add: db
    .insert(comments)
    .values({
      id: sql.placeholder('id'),
      postId: sql.placeholder('postId'),
      authorId: sql.placeholder('authorId'),
      text: sql.placeholder('text'),
      createdAt: sql.placeholder('at'),
      updatedAt: sql.placeholder('at'),
    })
    .prepare(),
  addToCommentCount: db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${sql.placeholder('delta')}` })
    .where(eq(posts.id, sql.placeholder('postId')))
    .prepare(),
}));

const bumpCommentCount = (db: Db, postId: string, delta: 1 | -1) =>
  statements(db).addToCommentCount.run({ postId, delta });

export function addComment(db: Db, actor: Actor, postId: string, text: string): string {
  return write(db, () => {
    requirePost(db, postId);
    const id = uuid();
    statements(db).add.run({ id, postId, authorId: actor.id, text, at: now() });
    bumpCommentCount(db, postId, 1);
    return id;
  });
}

export function editComment(db: Db, actor: Actor, postId: string, commentId: string, text: string): void {
  write(db, () => {
    const { comment } = requireComment(db, postId, commentId);
    if (comment.authorId !== actor.id) throw notOwner(messages.editCommentNotOwner);
    db.update(comments).set({ text, updatedAt: now() }).where(eq(comments.id, commentId)).run();
  });
}

/** Spec section 5: the comment's author or the post's author may delete it. */
export function deleteComment(db: Db, actor: Actor, postId: string, commentId: string): void {
  write(db, () => {
    const { post, comment } = requireComment(db, postId, commentId);
    if (comment.authorId !== actor.id && post.authorId !== actor.id) {
      throw notOwner(messages.deleteCommentNotOwner);
    }
    db.delete(comments).where(eq(comments.id, commentId)).run();
    bumpCommentCount(db, postId, -1);
  });
}

/** Spec section 4: an upvote puts me in upvotedBy and out of downvotedBy; a downvote the reverse. */
export function voteComment(
  db: Db,
  actor: Actor,
  postId: string,
  commentId: string,
  kind: 'up' | 'down',
): void {
  write(db, () => {
    requireComment(db, postId, commentId);
    const current = db
      .select({ kind: commentVotes.kind })
      .from(commentVotes)
      .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, actor.id)))
      .get()?.kind;
    if (current === kind)
      throw badRequest(kind === 'up' ? messages.alreadyUpvoted : messages.alreadyDownvoted);
    const at = now();
    db.insert(commentVotes)
      .values({ commentId, userId: actor.id, kind, createdAt: at })
      .onConflictDoUpdate({
        target: [commentVotes.commentId, commentVotes.userId],
        set: { kind, createdAt: at },
      })
      .run();
    db.update(comments).set({ updatedAt: at }).where(eq(comments.id, commentId)).run();
  });
}
