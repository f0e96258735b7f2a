import { limits } from '../../shared/limits.js';
import { mentionsAndTags } from '../../shared/rich-text.js';
import type { PublicAccountRow, Store } from '../store/store.js';
import { usernameKey } from '../../shared/username-key.js';
import { findUserIdByUsername } from './auth.js';
import { messages, notFound } from './errors.js';
import { isoTime, type PublicUser } from './views.js';

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
  /** Whether I blocked or muted them (their posts are then hidden from me). */
  blockedByMe: boolean;
  mutedByMe: boolean;
  /** Whether I follow them with "Hide boosts" on: their boosts stay out of my home feed. */
  boostsHiddenByMe: boolean;
  /** The members the bio mentions who exist (folded names), so the web app links only those, as in posts. */
  bioMentions: string[];
};

/**
 * The members a page of statuses shows (its authors, boosters and the members its texts mention), read in
 * one statement whatever their number, so a page costs the same few statements however many it names.
 */
export function accountsOf(
  store: Store,
  ids: Iterable<string>,
  usernames: Iterable<string> = [],
): Promise<PublicAccountRow[]> {
  const keys = new Set([...usernames].map(usernameKey));
  return store.read.members.accounts([...new Set(ids)], [...keys]);
}

export type Suggestion = PublicUser & { followerCount: number };

export async function profileById(
  store: Store,
  viewerId: string | null,
  userId: string,
): Promise<ProfileView> {
  const user = await store.read.members.profile(viewerId, userId);
  if (!user) throw notFound(messages.userNotFound);
  return {
    ...user,
    createdAt: isoTime(user.createdAt),
    isMe: viewerId === userId,
    bioMentions: await existingMembers(store, mentionsAndTags(user.bio).mentions),
  };
}

/**
 * Which of these folded names belong to a member. A bio is at most 160 characters, so this is a few lookups
 * at most, and none for the many bios that mention no one; a bio records no mentions when written (a bio's
 * mention tells no one), so it is read here.
 */
async function existingMembers(store: Store, keys: string[]): Promise<string[]> {
  const ids = await Promise.all(keys.map((key) => store.read.members.idByKey(key)));
  return keys.filter((_, index) => ids[index] !== undefined);
}

export async function profileByUsername(
  store: Store,
  viewerId: string | null,
  username: string,
): Promise<ProfileView> {
  const userId = await findUserIdByUsername(store, username);
  if (!userId) throw notFound(messages.userNotFound);
  return profileById(store, viewerId, userId);
}

/**
 * Who to follow (docs/api.md, "tRPC: /trpc"): members other than me whom I do not follow, most-followed
 * first, at most 10. Only active members, neither limited nor blocked either way nor muted by me.
 */
export function whoToFollow(store: Store, viewerId: string): Promise<Suggestion[]> {
  return store.read.members.whoToFollow(viewerId, limits.whoToFollow);
}
