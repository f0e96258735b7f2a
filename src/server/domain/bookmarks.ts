import { and, asc, eq } from 'drizzle-orm';
import { write, type Db, type Tx } from '../db/client.js';
import { bookmarks, users } from '../db/schema.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages } from './errors.js';
import { requirePost } from './posts.js';

function isBookmarked(tx: Tx, userId: string, postId: string): boolean {
  return !!tx
    .select({ postId: bookmarks.postId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)))
    .get();
}

export function addBookmark(db: Db, actor: Actor, postId: string): void {
  write(db, (tx) => {
    requirePost(tx, postId);
    if (isBookmarked(tx, actor.id, postId)) throw badRequest(messages.alreadyBookmarked);
    const at = now();
    tx.insert(bookmarks).values({ userId: actor.id, postId, createdAt: at }).run();
    tx.update(users).set({ updatedAt: at }).where(eq(users.id, actor.id)).run();
  });
}

export function removeBookmark(db: Db, actor: Actor, postId: string): void {
  write(db, (tx) => {
    requirePost(tx, postId);
    if (!isBookmarked(tx, actor.id, postId)) throw badRequest(messages.notBookmarked);
    tx.delete(bookmarks)
      .where(and(eq(bookmarks.userId, actor.id), eq(bookmarks.postId, postId)))
      .run();
    tx.update(users).set({ updatedAt: now() }).where(eq(users.id, actor.id)).run();
  });
}

/** The member's bookmarked post ids in the order they were added (spec section 3: a list of post ids). */
export function bookmarkedPostIds(db: Db, userId: string): string[] {
  return db
    .select({ postId: bookmarks.postId })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .orderBy(asc(bookmarks.createdAt), asc(bookmarks.postId))
    .all()
    .map((row) => row.postId);
}
