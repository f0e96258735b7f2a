import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookmarks, follows, users } from '../db/schema.js';
import { findUserIdByUsername } from '../domain/auth.js';
import { profileColumns, publicUserColumns } from '../domain/columns.js';
import { messages, notFound } from '../domain/errors.js';
import { groupBy, specTime, toUserRef, type UserRef } from './shapes.js';

/** The original product's user object (spec section 3), without the password. */
export type LegacyUser = Record<string, unknown> & {
  _id: string;
  username: string;
  followers: UserRef[];
  following: UserRef[];
  bookmarks: string[];
};

/** Users that `filter` selects (all when undefined), oldest first, in three queries besides the first. */
export function legacyUsers(db: Db, filter?: SQL): LegacyUser[] {
  const rows = db
    .select(profileColumns)
    .from(users)
    .where(filter)
    .orderBy(asc(users.createdAt), asc(users.id))
    .all();
  const ids = filter ? db.select({ id: users.id }).from(users).where(filter) : undefined;
  const followersOf = groupBy(
    db
      .select({ of: follows.followeeId, user: publicUserColumns })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(ids ? inArray(follows.followeeId, ids) : undefined)
      .orderBy(asc(follows.createdAt))
      .all(),
    (row) => row.of,
    (row) => toUserRef(row.user),
  );
  const followingOf = groupBy(
    db
      .select({ of: follows.followerId, user: publicUserColumns })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(ids ? inArray(follows.followerId, ids) : undefined)
      .orderBy(asc(follows.createdAt))
      .all(),
    (row) => row.of,
    (row) => toUserRef(row.user),
  );
  const bookmarksOf = groupBy(
    db
      .select({ userId: bookmarks.userId, postId: bookmarks.postId })
      .from(bookmarks)
      .where(ids ? inArray(bookmarks.userId, ids) : undefined)
      .orderBy(asc(bookmarks.createdAt))
      .all(),
    (row) => row.userId,
    (row) => row.postId,
  );
  return rows.map(({ id, extra, followerCount: _count, createdAt, updatedAt, ...fields }) => ({
    // Extra signup fields first, so that none can stand in for a real one.
    ...(JSON.parse(extra) as Record<string, unknown>),
    _id: id,
    ...fields,
    followers: followersOf.get(id) ?? [],
    following: followingOf.get(id) ?? [],
    bookmarks: bookmarksOf.get(id) ?? [],
    createdAt: specTime(createdAt),
    updatedAt: specTime(updatedAt),
  }));
}

export function legacyUser(db: Db, userId: string): LegacyUser {
  const [user] = legacyUsers(db, eq(users.id, userId));
  if (!user) throw notFound(messages.userNotFound);
  return user;
}

export function legacyUserByUsername(db: Db, username: string): LegacyUser {
  const userId = findUserIdByUsername(db, username);
  if (!userId) throw notFound(messages.userNotFound);
  return legacyUser(db, userId);
}
