import type { PublicUser } from '../../../shared/public-user.js';

// People and tag lookup (docs/search-people-and-tags.md): what the /search page's People and Tags tabs and
// the composer's suggestions read.

/** Where a page of people ends: the last row's follower count and username key. */
export type PersonKey = [followerCount: number, usernameKey: string];

export type PersonRow = PublicUser & { followerCount: number; followedByMe: boolean; key: PersonKey };

export type TagRow = { tag: string; recent: number; total: number };

export type SearchReads = {
  /**
   * Members whose folded username, display name ("first last") or last name starts with `prefix` (already
   * folded, not empty), most-followed first, then by username key, after `after` when given: active ones
   * only, not limited, none blocked either way or muted by the viewer. At most `limit` rows.
   */
  people(
    viewerId: string | null,
    prefix: string,
    after: PersonKey | null,
    limit: number,
  ): Promise<PersonRow[]>;
  /**
   * Tags starting with `prefix` (folded as post_tags holds them), most used on posts since `since` first,
   * then most used of all time, then by tag; each with both counts. At most `limit` rows.
   */
  tags(prefix: string, since: number, limit: number): Promise<TagRow[]>;
};
