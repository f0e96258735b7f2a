import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { limits } from '../../shared/limits.js';
import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
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

// A profile is one statement: its counts are subqueries on indexes (a member's posts by author, follows by
// follower), so the header of a profile with thousands of posts reads an index, not the posts. Drizzle
// writes a column of a one-table select without its table, so the outer member is named in full.
const profileQuery = preparedOnce((db) =>
  db
    .select({
      ...profileColumns,
      postCount: sql<number>`(select count(*) from ${posts} where ${posts.authorId} = "users"."id")`,
      followingCount: sql<number>`(select count(*) from ${follows} where ${follows.followerId} = "users"."id")`,
      followedByMe: sql<number>`exists (select 1 from ${follows}
        where ${follows.followerId} = ${sql.placeholder('viewerId')} and ${follows.followeeId} = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(),
);

export function profileById(db: Db, viewerId: string | null, userId: string): ProfileView {
  const user = profileQuery(db).get({ userId, viewerId });
  if (!user) throw notFound(messages.userNotFound);
  const { extra: _extra, updatedAt: _updatedAt, ...fields } = user;
  return {
    ...fields,
    createdAt: isoTime(user.createdAt),
    followedByMe: user.followedByMe === 1,
    isMe: viewerId === userId,
  };
}

export function profileByUsername(db: Db, viewerId: string | null, username: string): ProfileView {
  const userId = findUserIdByUsername(db, username);
  if (!userId) throw notFound(messages.userNotFound);
  return profileById(db, viewerId, userId);
}

/** PRODUCT.md "Feeds": members other than me whom I do not follow, most-followed first, at most 10. */
const whoToFollowQuery = preparedOnce((db) => {
  const viewerId = sql.placeholder('viewerId');
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
    .prepare();
});

export function whoToFollow(db: Db, viewerId: string): Suggestion[] {
  return whoToFollowQuery(db).all({ viewerId });
}
