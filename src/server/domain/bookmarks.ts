import { and, eq, sql } from 'drizzle-orm';
import { write, type Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { bookmarks, users } from '../db/schema.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, messages } from './errors.js';
import { requirePost } from './posts.js';

// Bookmarking is part of the busy write mix (issue 4): its statements are compiled once (db/prepared.ts).
const statements = preparedOnce((db: Db) => {
  const userId = sql.placeholder('userId');
  const postId = sql.placeholder('postId');
  const at = sql.placeholder('at');
  const mine = and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId));
  return {
    find: db.select({ postId: bookmarks.postId }).from(bookmarks).where(mine).prepare(),
    add: db.insert(bookmarks).values({ userId, postId, createdAt: at }).prepare(),
    remove: db.delete(bookmarks).where(mine).prepare(),
    touchMember: db
      .update(users)
      .set({ updatedAt: sql`${at}` })
      .where(eq(users.id, userId))
      .prepare(),
  };
});

function isBookmarked(db: Db, userId: string, postId: string): boolean {
  return !!statements(db).find.get({ userId, postId });
}

export function addBookmark(db: Db, actor: Actor, postId: string): void {
  write(db, () => {
    requirePost(db, postId);
    if (isBookmarked(db, actor.id, postId)) throw badRequest(messages.alreadyBookmarked);
    const at = now();
    statements(db).add.run({ userId: actor.id, postId, at });
    statements(db).touchMember.run({ userId: actor.id, at });
  });
}

export function removeBookmark(db: Db, actor: Actor, postId: string): void {
  write(db, () => {
    requirePost(db, postId);
    if (!isBookmarked(db, actor.id, postId)) throw badRequest(messages.notBookmarked);
    statements(db).remove.run({ userId: actor.id, postId });
    statements(db).touchMember.run({ userId: actor.id, at: now() });
  });
}
