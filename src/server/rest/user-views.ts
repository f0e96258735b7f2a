import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { findUserIdByUsername } from '../domain/auth.js';
import { messages, notFound } from '../domain/errors.js';
import { userJson } from './legacy-json.js';
import { listAnswer, type ListAnswer } from './list-answer.js';
import { newestPage, prepareList } from './list-page.js';
import type { RestDeps } from './request.js';

/** A user nested in another object (likedBy, followers, votes...): PRODUCT.md item 2, never a password. */
type UserRef = { _id: string; username: string; firstName: string; lastName: string; profilePic: string };

/** The original product's user object (spec section 3), without the password. */
export type LegacyUser = Record<string, unknown> & {
  _id: string;
  username: string;
  followers: UserRef[];
  following: UserRef[];
  bookmarks: string[];
};

/** Whose bookmarks a user object may carry: the member whose valid token came with the request, if any. */
type Viewer = string | null;

const statements = preparedOnce((db: Db) => ({
  // users_created_idx serves the slices; bookmarks_user_created_idx a member's bookmarks.
  allUsers: prepareList(db, { json: userJson, table: 'users u', createdAt: 'u.created_at', id: 'u.id' }),
  bookmarks: prepareList(db, {
    json: 'json_quote(b.post_id)',
    table: 'bookmarks b',
    where: 'b.user_id = :userId',
    createdAt: 'b.created_at',
    id: 'b.post_id',
  }),
  oneUser: db.$client
    .prepare<{ id: string; viewer: Viewer; bookmarkLimit: number }, string>(
      `select ${userJson} from users u where u.id = :id`,
    )
    .pluck(),
}));

/** `{"users":[...]}`: the newest members below the member `before`. */
export async function legacyUsers(deps: RestDeps, viewer: Viewer, before?: string): Promise<ListAnswer> {
  const bind = { viewer, bookmarkLimit: deps.legacyListLimit };
  const page = await newestPage(statements(deps.db).allUsers, bind, deps.legacyListLimit, before);
  return listAnswer('users', page);
}

/** Whether the member has bookmarks: a caller without any sees the users list exactly as anyone does. */
export function hasBookmarks(deps: RestDeps, userId: string): boolean {
  return statements(deps.db).bookmarks.count.get({ userId })! > 0;
}

/** `{"bookmarks":[...]}`: the post ids a member bookmarked most recently, in the order added. */
export async function legacyBookmarks(deps: RestDeps, userId: string, before?: string): Promise<ListAnswer> {
  const page = await newestPage(statements(deps.db).bookmarks, { userId }, deps.legacyListLimit, before);
  return listAnswer('bookmarks', page);
}

export function legacyUser({ db, legacyListLimit }: RestDeps, userId: string, viewer: Viewer): LegacyUser {
  const json = statements(db).oneUser.get({ id: userId, viewer, bookmarkLimit: legacyListLimit });
  if (json === undefined) throw notFound(messages.userNotFound);
  return JSON.parse(json) as LegacyUser;
}

export function legacyUserByUsername(deps: RestDeps, username: string, viewer: Viewer): LegacyUser {
  const userId = findUserIdByUsername(deps.db, username);
  if (!userId) throw notFound(messages.userNotFound);
  return legacyUser(deps, userId, viewer);
}
