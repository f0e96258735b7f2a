import { findUserIdByUsername } from '../domain/auth.js';
import { messages, notFound } from '../domain/errors.js';
import { listAnswer, type ListAnswer } from './list-answer.js';
import { newestPage } from './list-page.js';
import type { RestDeps } from './request.js';

/**
 * A user nested in another object (likedBy, followers, votes...): never a password
 * (docs/differences-from-the-mock.md item 2).
 */
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

/** `{"users":[...]}`: the newest members below the member `before`. */
export async function legacyUsers(deps: RestDeps, viewer: Viewer, before?: string): Promise<ListAnswer> {
  const bind = { viewer, bookmarkLimit: deps.legacyListLimit };
  const page = await newestPage(deps.store, 'allUsers', bind, deps.legacyListLimit, before);
  return listAnswer('users', page);
}

/** Whether the member has bookmarks: a caller without any sees the users list exactly as anyone does. */
export async function hasBookmarks(deps: RestDeps, userId: string): Promise<boolean> {
  return (await deps.store.read.legacy.count('bookmarks', { userId })) > 0;
}

/** `{"bookmarks":[...]}`: the post ids a member bookmarked most recently, in the order added. */
export async function legacyBookmarks(deps: RestDeps, userId: string, before?: string): Promise<ListAnswer> {
  const page = await newestPage(deps.store, 'bookmarks', { userId }, deps.legacyListLimit, before);
  return listAnswer('bookmarks', page);
}

export async function legacyUser(
  { store, legacyListLimit }: RestDeps,
  userId: string,
  viewer: Viewer,
): Promise<LegacyUser> {
  const json = await store.read.legacy.user(userId, viewer, legacyListLimit);
  if (json === undefined) throw notFound(messages.userNotFound);
  return JSON.parse(json) as LegacyUser;
}

export async function legacyUserByUsername(
  deps: RestDeps,
  username: string,
  viewer: Viewer,
): Promise<LegacyUser> {
  const userId = await findUserIdByUsername(deps.store, username);
  if (!userId) throw notFound(messages.userNotFound);
  return legacyUser(deps, userId, viewer);
}
