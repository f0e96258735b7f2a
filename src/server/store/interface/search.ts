import type { KeyRow, SortKey } from './feeds.js';
import type { PublicUser } from '../../../shared/public-user.js';

/**
 * A search of posts as the domain parsed it (domain/search.ts): every term must match (a word, or a phrase of
 * several), narrowed to one author and one tag when given. Terms are plain text; each engine quotes them for
 * its own query language, so no member's text is ever read as an operator.
 */
export type PostSearch = {
  terms: string[];
  authorId: string | null;
  tag: string | null;
  /** The time recency is measured from, the same for every page of one search (it rides in the cursor). */
  now: number;
};

/**
 * The search key of a post: `[now, score, createdAt, id]`, best first. With terms, score is relevance
 * weighed by age (docs/search.md, "Ranking"); without, 0, and the order is newest first. Visibility as
 * explore: authors hidden from the viewer and limited members are left out.
 */
export type PostSearchReads = {
  posts(viewerId: string | null, search: PostSearch, key: SortKey | null): Promise<KeyRow[]>;
};

// People and tag lookup (docs/search-people-and-tags.md): what the /search page's People and Tags tabs and
// the composer's suggestions read.

/** Where a page of people ends: the last row's follower count and username key. */
export type PersonKey = [followerCount: number, usernameKey: string];

export type PersonRow = PublicUser & { followerCount: number; followedByMe: boolean; key: PersonKey };

export type TagRow = { tag: string; recent: number; total: number };

export type LookupReads = {
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

/** Search: posts by their words (docs/search.md), people and tags by a prefix. */
export type SearchReads = PostSearchReads & LookupReads;
