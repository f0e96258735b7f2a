import { and, eq, sql } from 'drizzle-orm';
import { v4 as uuid } from 'uuid';
import { write, type Db, type Tx } from '../db/client.js';
import { comments, commentVotes, posts } from '../db/schema.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages, notFound, notOwner } from './errors.js';
import { requirePost } from './posts.js';

function requireComment(tx: Tx, postId: string, commentId: string) {
  const post = requirePost(tx, postId);
  const comment = tx
    .select({ id: comments.id, authorId: comments.authorId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .get();
  if (!comment) throw notFound(messages.commentNotFound);
  return { post, comment };
}

const bumpCommentCount = (tx: Tx, postId: string, delta: 1 | -1) =>
  tx
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .run();

export function addComment(db: Db, actor: Actor, postId: string, text: string): string {
  return write(db, (tx) => {
    requirePost(tx, postId);
    const id = uuid();
    const at = now();
    tx.insert(comments).values({ id, postId, authorId: actor.id, text, createdAt: at, updatedAt: at }).run();
    bumpCommentCount(tx, postId, 1);
    return id;
  });
}

export function editComment(db: Db, actor: Actor, postId: string, commentId: string, text: string): void {
  write(db, (tx) => {
    const { comment } = requireComment(tx, postId, commentId);
    if (comment.authorId !== actor.id) throw notOwner(messages.editCommentNotOwner);
    tx.update(comments).set({ text, updatedAt: now() }).where(eq(comments.id, commentId)).run();
  });
}

/** Spec section 5: the comment's author or the post's author may delete it. */
export function deleteComment(db: Db, actor: Actor, postId: string, commentId: string): void {
  write(db, (tx) => {
    const { post, comment } = requireComment(tx, postId, commentId);
    if (comment.authorId !== actor.id && post.authorId !== actor.id) {
      throw notOwner(messages.deleteCommentNotOwner);
    }
    tx.delete(comments).where(eq(comments.id, commentId)).run();
    bumpCommentCount(tx, postId, -1);
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
  write(db, (tx) => {
    requireComment(tx, postId, commentId);
    const current = tx
      .select({ kind: commentVotes.kind })
      .from(commentVotes)
      .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, actor.id)))
      .get()?.kind;
    if (current === kind)
      throw badRequest(kind === 'up' ? messages.alreadyUpvoted : messages.alreadyDownvoted);
    const at = now();
    tx.insert(commentVotes)
      .values({ commentId, userId: actor.id, kind, createdAt: at })
      .onConflictDoUpdate({
        target: [commentVotes.commentId, commentVotes.userId],
        set: { kind, createdAt: at },
      })
      .run();
    tx.update(comments).set({ updatedAt: at }).where(eq(comments.id, commentId)).run();
  });
}
