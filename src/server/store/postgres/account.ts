import type { AccountReads, AccountRow, AccountWrites, ArchiveRows } from '../store.js';
import { publicUserSelect } from './columns.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

type Entry<K extends keyof ArchiveRows> = NonNullable<ArchiveRows[K]> extends (infer E)[] ? E : never;

const view = statement<AccountRow>(
  'account-view',
  `select ${publicUserSelect('u')}, u.role, u.status, u.email, u.handle_changes_left as "handleChangesLeft"
   from users u where u.id = $1`,
);
const passwordHash = statement<{ hash: string }>(
  'account-password-hash',
  'select password_hash as hash from users where id = $1',
);
const profile = statement<TextTimes<NonNullable<ArchiveRows['profile']>, 'createdAt'>>(
  'archive-profile',
  `select ${publicUserSelect('u')}, u.bio, u.link, u.profile_banner as "profileBanner",
     u.created_at as "createdAt" from users u where u.id = $1`,
);
// posts_author_created_idx
const posts = statement<TextTimes<Entry<'posts'>, 'createdAt' | 'updatedAt' | 'editedAt'>>(
  'archive-posts',
  `select id, content, created_at as "createdAt", updated_at as "updatedAt", edited_at as "editedAt",
     like_count as "likeCount"
   from posts where author_id = $1 order by created_at desc, id desc limit $2`,
);
// comments_author_idx, then a sort of the member's own comments
const comments = statement<TextTimes<Entry<'comments'>, 'createdAt' | 'updatedAt' | 'editedAt'>>(
  'archive-comments',
  `select id, post_id as "postId", text, created_at as "createdAt", updated_at as "updatedAt",
     edited_at as "editedAt"
   from comments where author_id = $1 order by created_at desc, id desc limit $2`,
);
// bookmarks_user_created_idx
const bookmarks = statement<TextTimes<Entry<'bookmarks'>, 'bookmarkedAt'>>(
  'archive-bookmarks',
  `select post_id as "postId", created_at as "bookmarkedAt" from bookmarks where user_id = $1
   order by created_at desc, post_id desc limit $2`,
);
/** The members on the `other` side of the member's follows on the `mine` side, newest first. */
const followList = (name: string, mine: string, other: string) =>
  statement<TextTimes<Entry<'following'>, 'since'>>(
    name,
    `select u.username, f.created_at as since from follows f join users u on u.id = f.${other}
     where f.${mine} = $1 order by f.created_at desc limit $2`,
  );
// follows_follower_created_idx and follows_followee_created_idx
const following = followList('archive-following', 'follower_id', 'followee_id');
const followers = followList('archive-followers', 'followee_id', 'follower_id');
const endSessions = statement<{ tokenVersion: number }>(
  'account-end-sessions',
  'update users set token_version = token_version + 1 where id = $1 returning token_version as "tokenVersion"',
);
const changePassword = statement<{ tokenVersion: number }>(
  'account-change-password',
  `update users set token_version = token_version + 1, password_hash = $3, updated_at = $4
   where id = $1 and password_hash = $2 returning token_version as "tokenVersion"`,
);

/** node-postgres reads a bigint as text: a time in milliseconds fits a number. */
const numbered = <T extends Record<string, unknown>, K extends keyof T>(rows: T[], ...keys: K[]) =>
  rows.map((row) => {
    const copy: Record<string, unknown> = { ...row };
    for (const key of keys) copy[key as string] = Number(row[key]);
    return copy as Omit<T, K> & { [P in K]: number };
  });

/** The same for a time that may be null (never edited). */
const edited = <T extends { editedAt: string | null }>(rows: T[]) =>
  rows.map((row) => ({ ...row, editedAt: row.editedAt === null ? null : Number(row.editedAt) }));

const homeMarker = statement<{ statusId: string; at: string }>(
  'account-home-marker',
  `select home_marker as "statusId", home_marker_at as at from users where id = $1 and home_marker <> ''`,
);
const setHomeMarker = writeStatement(
  'account-set-home-marker',
  'update users set home_marker = $2, home_marker_at = $3 where id = $1',
);

export function accountReads(db: Queryable): AccountReads {
  return {
    view: async (id) => (await view(db, [id]))[0],
    passwordHash: async (id) => (await passwordHash(db, [id]))[0]?.hash,
    async homeMarker(id) {
      const [row] = await homeMarker(db, [id]);
      return row && { statusId: row.statusId, at: Number(row.at) };
    },
    async archive(id, limit) {
      const [me] = numbered(await profile(db, [id]), 'createdAt');
      return {
        profile: me,
        posts: edited(numbered(await posts(db, [id, limit]), 'createdAt', 'updatedAt')),
        comments: edited(numbered(await comments(db, [id, limit]), 'createdAt', 'updatedAt')),
        bookmarks: numbered(await bookmarks(db, [id, limit]), 'bookmarkedAt'),
        following: numbered(await following(db, [id, limit]), 'since'),
        followers: numbered(await followers(db, [id, limit]), 'since'),
      };
    },
  };
}

export function accountWrites(db: Queryable): AccountWrites {
  return {
    setHomeMarker: async (id, statusId, at) => void (await setHomeMarker(db, [id, statusId, at])),
    endSessions: async (id, password) =>
      (password
        ? await changePassword(db, [id, password.from, password.to, password.at])
        : await endSessions(db, [id]))[0]?.tokenVersion,
  };
}
