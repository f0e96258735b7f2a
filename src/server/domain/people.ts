import { and, count, desc, eq, ne, notInArray } from 'drizzle-orm';
import { limits } from '../../shared/limits.js';
import type { Db } from '../db/client.js';
import { follows, posts, users } from '../db/schema.js';
import { findUserIdByUsername } from './auth.js';
import { profileColumns, publicUserColumns, type PublicUser } from './columns.js';
import { messages, notFound } from './errors.js';
import { isoTime } from './views.js';

export type ProfileView = PublicUser & {
  bio: string;
  link: string;
  profileBanner: string;
  createdAt: string;
  postCount: number;
  followerCount: number;
  followingCount: number;
  followedByMe: boolean;
  isMe: boolean;
};

export type Suggestion = PublicUser & { followerCount: number };

export function profileById(db: Db, viewerId: string | null, userId: string): ProfileView {
  const user = db.select(profileColumns).from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound(messages.userNotFound);
  const postCount = db.select({ n: count() }).from(posts).where(eq(posts.authorId, userId)).get()?.n ?? 0;
  const followingCount =
    db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId)).get()?.n ?? 0;
  const followedByMe =
    !!viewerId &&
    !!db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, userId)))
      .get();
  const { extra: _extra, updatedAt: _updatedAt, ...fields } = user;
  return {
    ...fields,
    createdAt: isoTime(user.createdAt),
    postCount,
    followingCount,
    followedByMe,
    isMe: viewerId === userId,
  };
}

export function profileByUsername(db: Db, viewerId: string | null, username: string): ProfileView {
  const userId = findUserIdByUsername(db, username);
  if (!userId) throw notFound(messages.userNotFound);
  return profileById(db, viewerId, userId);
}

/** PRODUCT.md "Feeds": members other than me whom I do not follow, most-followed first, at most 10. */
export function whoToFollow(db: Db, viewerId: string): Suggestion[] {
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  return db
    .select({ ...publicUserColumns, followerCount: users.followerCount })
    .from(users)
    .where(and(ne(users.id, viewerId), notInArray(users.id, followed)))
    .orderBy(desc(users.followerCount), desc(users.id))
    .limit(limits.whoToFollow)
    .all();
}
