import type { JsonRow } from './cards.js';

/** The legacy API's lists (spec section 7), each newest first by (createdAt, id). */
export type LegacyListName = 'allPosts' | 'postsByAuthor' | 'commentsOfPost' | 'allUsers' | 'bookmarks';
/** What a legacy list's rows depend on: its owner, and the member whose bookmarks a user object may carry. */
export type LegacyBind = {
  authorId?: string;
  postId?: string;
  userId?: string;
  viewer?: string | null;
  bookmarkLimit?: number;
};

export type LegacyReads = {
  /**
   * Hands the list's rows below `key`, newest first, to `take` until it answers false or `limit` rows
   * went by; answers how many rows were read.
   */
  slice(
    list: LegacyListName,
    bind: LegacyBind,
    key: [number, string],
    limit: number,
    take: (row: JsonRow) => boolean,
  ): Promise<number>;
  /** The key of the entry `id` of the list, if it is one of its entries. */
  keyOf(list: LegacyListName, bind: LegacyBind, id: string): Promise<[number, string] | undefined>;
  count(list: LegacyListName, bind: LegacyBind): Promise<number>;
  post(id: string): Promise<string | undefined>;
  user(id: string, viewer: string | null, bookmarkLimit: number): Promise<string | undefined>;
};
