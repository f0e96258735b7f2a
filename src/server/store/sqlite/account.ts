import { and, desc, eq, sql } from 'drizzle-orm';
import type { AccountReads, AccountState, AccountWrites, Role } from '../store.js';
import type { Db } from './client.js';
import { publicUserColumns } from './columns.js';
import { preparedOnce } from './prepared.js';
import { bookmarks, comments, follows, posts, users } from './schema.js';

type FollowSide = typeof follows.followerId | typeof follows.followeeId;

const statements = preparedOnce((db: Db) => {
  const id = sql.placeholder('id');
  const limit = sql.placeholder('limit');
  /** The members on the `other` side of the member's follows on the `mine` side, newest first. */
  const followList = (mine: FollowSide, other: FollowSide) =>
    db
      .select({ username: users.username, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(eq(mine, id))
      .orderBy(desc(follows.createdAt))
      .limit(limit)
      .prepare();
  return {
    view: db
      .select({
        ...publicUserColumns,
        role: sql<Role>`${users.role}`,
        status: sql<AccountState>`${users.status}`,
        email: users.email,
        handleChangesLeft: users.handleChangesLeft,
      })
      .from(users)
      .where(eq(users.id, id))
      .prepare(),
    passwordHash: db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).prepare(),
    profile: db
      .select({
        ...publicUserColumns,
        bio: users.bio,
        link: users.link,
        profileBanner: users.profileBanner,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, id))
      .prepare(),
    // posts_author_created_idx
    posts: db
      .select({
        id: posts.id,
        content: posts.content,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        editedAt: posts.editedAt,
        likeCount: posts.likeCount,
      })
      .from(posts)
      .where(eq(posts.authorId, id))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit)
      .prepare(),
    // comments_author_idx, then a sort of the member's own comments
    comments: db
      .select({
        id: comments.id,
        postId: comments.postId,
        text: comments.text,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
        editedAt: comments.editedAt,
      })
      .from(comments)
      .where(eq(comments.authorId, id))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(limit)
      .prepare(),
    // bookmarks_user_created_idx
    bookmarks: db
      .select({ postId: bookmarks.postId, bookmarkedAt: bookmarks.createdAt })
      .from(bookmarks)
      .where(eq(bookmarks.userId, id))
      .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
      .limit(limit)
      .prepare(),
    // follows_follower_created_idx and follows_followee_created_idx
    following: followList(follows.followerId, follows.followeeId),
    followers: followList(follows.followeeId, follows.followerId),
    endSessions: db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id))
      .returning({ tokenVersion: users.tokenVersion })
      .prepare(),
    changePassword: db
      .update(users)
      .set({
        tokenVersion: sql`${users.tokenVersion} + 1`,
        passwordHash: sql`${sql.placeholder('to')}`,
        updatedAt: sql`${sql.placeholder('at')}`,
      })
      .where(and(eq(users.id, id), eq(users.passwordHash, sql.placeholder('from'))))
      .returning({ tokenVersion: users.tokenVersion })
      .prepare(),
  };
});

const homeMarker = preparedOnce((db: Db) => ({
  read: db.$client.prepare<{ id: string }, { statusId: string; at: number }>(
    `select home_marker as statusId, home_marker_at as at from users where id = :id and home_marker <> ''`,
  ),
  write: db.$client.prepare<{ id: string; statusId: string; at: number }>(
    'update users set home_marker = :statusId, home_marker_at = :at where id = :id',
  ),
}));

export function accountReads(db: Db): AccountReads {
  return {
    view: async (id) => statements(db).view.get({ id }),
    passwordHash: async (id) => statements(db).passwordHash.get({ id })?.hash,
    homeMarker: async (id) => homeMarker(db).read.get({ id }),
    async archive(id, limit) {
      const s = statements(db);
      return {
        profile: s.profile.get({ id }),
        posts: s.posts.all({ id, limit }),
        comments: s.comments.all({ id, limit }),
        bookmarks: s.bookmarks.all({ id, limit }),
        following: s.following.all({ id, limit }),
        followers: s.followers.all({ id, limit }),
      };
    },
  };
}

export function accountWrites(db: Db): AccountWrites {
  return {
    setHomeMarker: async (id, statusId, at) => void homeMarker(db).write.run({ id, statusId, at }),
    endSessions: async (id, password) =>
      (password
        ? statements(db).changePassword.get({ id, ...password })
        : statements(db).endSessions.get({ id })
      )?.tokenVersion,
  };
}
