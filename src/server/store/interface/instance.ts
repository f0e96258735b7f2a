import type { PublicUser } from '../../../shared/public-user.js';
import type { AccountState } from './members.js';

/**
 * What a shared link's preview may show (server/page-meta.ts): a post's text or a member's bio, whose it is,
 * and what decides whether a visitor may see it at all (the member's status, whether they are limited).
 */
export type LinkPreviewRow = {
  text: string;
  username: string;
  firstName: string;
  lastName: string;
  status: AccountState;
  limited: boolean;
};

/**
 * The instance's size as NodeInfo and Mastodon's instance document tell it: active members, posts, and the
 * members who posted since each of two times (the only cheap sign of activity Realm keeps).
 */
export type InstanceUsage = { members: number; posts: number; postedSince: [number, number] };

/** The instance's settings and its staff. */
export type InstanceReads = {
  /** Counts for NodeInfo: posts by posts_created_idx, members by users_status_created_idx. */
  usage(since: [number, number]): Promise<InstanceUsage>;
  /** Every stored setting, by key, each value JSON text (domain/instance-settings.ts reads them). */
  settings(): Promise<Record<string, string>>;
  /** The members of this role, longest-serving first, at most `limit` (the index on role). */
  staff(role: 'admin' | 'moderator', limit: number): Promise<PublicUser[]>;
  /** A post's text and author: one read by the posts' primary key, joined to its author's row. */
  postPreview(postId: string): Promise<LinkPreviewRow | undefined>;
  /** A member's bio and names by username key (shared/username-key.ts): one read of users_username_key_idx. */
  memberPreview(usernameKey: string): Promise<LinkPreviewRow | undefined>;
};

export type InstanceWrites = {
  /** Makes `value` (JSON text) the setting's value. */
  set(key: string, value: string): Promise<void>;
};
