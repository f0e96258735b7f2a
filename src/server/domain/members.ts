import { and, count, desc, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { usernameKey } from '../../shared/schemas.js';
import { write, type Db } from '../db/client.js';
import { comments, follows, postReactions, posts, users } from '../db/schema.js';
import { now } from './clock.js';

// What an instance's administrator does to members (`realm admin`); account deletion will reuse deleteMember.

/** The member a name means, matched as login matches it (without regard to case). */
export function findMember(db: Db, name: string): { id: string; username: string } | undefined {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.usernameKey, usernameKey(name)))
    .get();
}

/** Every member, newest first, with what `realm admin list-users` shows of them. */
export function membersNewestFirst(db: Db) {
  const postCount = db.$count(posts, eq(posts.authorId, users.id));
  return db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      posts: postCount,
      followers: users.followerCount,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .all();
}

/** What a member has written: what deleting them takes with them, and what `realm admin` asks about. */
export function contentOf(db: Db, userId: string): { posts: number; comments: number } {
  const written = (table: typeof posts | typeof comments) =>
    db.select({ n: count() }).from(table).where(eq(table.authorId, userId)).get()?.n ?? 0;
  return { posts: written(posts), comments: written(comments) };
}

/** Replaces a member's password hash (hash it with passwords.ts first). False when there is no such member. */
export function setPasswordHash(db: Db, userId: string, passwordHash: string): boolean {
  const result = db.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, userId)).run();
  return result.changes > 0;
}

/**
 * Deletes a member and everything they made, in one write transaction. The foreign keys cascade the rows
 * (their posts with those posts' comments, reactions and bookmarks; their comments, votes, bookmarks and
 * follows), but the stored counters on what stays must be moved back first, while the rows that count are
 * still there:
 * - a like added one to like_count and a dislike took one away (posts.ts), so removing the member's
 *   reaction undoes that one step, never below zero (spec: a like count is never negative);
 * - each of their comments on another member's post counted once in its comment_count;
 * - each member they followed counted them once in follower_count.
 * Their own posts go whole, so their counters need no care. Returns what went.
 */
export function deleteMember(db: Db, userId: string): { posts: number; comments: number } {
  return write(db, () => {
    const content = contentOf(db, userId);
    const othersPosts = (ids: SQLWrapper) => and(inArray(posts.id, ids), ne(posts.authorId, userId));

    const reaction = sql`(select case ${postReactions.kind} when 'like' then 1 else -1 end from ${postReactions}
      where ${postReactions.postId} = ${posts.id} and ${postReactions.userId} = ${userId})`;
    db.update(posts)
      .set({ likeCount: sql`max(0, ${posts.likeCount} - ${reaction})` })
      .where(
        othersPosts(
          db.select({ id: postReactions.postId }).from(postReactions).where(eq(postReactions.userId, userId)),
        ),
      )
      .run();

    const theirComments = sql`(select count(*) from ${comments}
      where ${comments.postId} = ${posts.id} and ${comments.authorId} = ${userId})`;
    db.update(posts)
      .set({ commentCount: sql`${posts.commentCount} - ${theirComments}` })
      .where(
        othersPosts(db.select({ id: comments.postId }).from(comments).where(eq(comments.authorId, userId))),
      )
      .run();

    db.update(users)
      .set({ followerCount: sql`${users.followerCount} - 1` })
      .where(
        inArray(
          users.id,
          db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId)),
        ),
      )
      .run();

    db.delete(users).where(eq(users.id, userId)).run();
    return content;
  });
}
