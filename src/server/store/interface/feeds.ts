export type FeedMode = 'latest' | 'trending';

/**
 * A page query's row: a post's id and its sort key (`[createdAt, id]`, ...) as JSON text; in the Latest home
 * feed, the member whose boost brought it (null for the post itself) and whether the page leaves it out
 * (1: a post shown at a newer item, or a boost not shown; the page's cursor still counts it).
 */
export type KeyRow = [id: string, key: string, booster?: string | null, skip?: number];
/** A sort key: the values of a feed's order columns, the last always an id. */
export type SortKey = (string | number)[];

/**
 * Every feed leaves out the posts of authors hidden from the viewer: those the viewer blocked, who blocked
 * the viewer, whom the viewer muted, and suspended members (for everyone). Explore leaves out limited members
 * too (docs/decisions/0004-community-moderation.md).
 */
export type FeedReads = {
  /** Up to a page and one more of my posts and those of the people I follow, below `key` (or the top). */
  home(viewerId: string, mode: FeedMode, key: SortKey | null): Promise<KeyRow[]>;
  explore(viewerId: string | null, key: SortKey | null): Promise<KeyRow[]>;
  byAuthor(viewerId: string | null, authorId: string, key: SortKey | null): Promise<KeyRow[]>;
  /** My bookmarks, most recently bookmarked first, keyed by (bookmarkedAt, postId). */
  bookmarks(viewerId: string, key: SortKey | null): Promise<KeyRow[]>;
  /** My likes (not dislikes), most recently liked first, keyed by (likedAt, postId): Mastodon's favourites. */
  likes(viewerId: string, key: SortKey | null): Promise<KeyRow[]>;
  /** All my bookmarks, those of hidden authors too (as a card's commentCount counts hidden comments). */
  bookmarkCount(viewerId: string): Promise<number>;
  /** The posts with this (folded) tag, newest first, keyed by (createdAt, postId) as Latest is. */
  byTag(viewerId: string | null, tag: string, key: SortKey | null): Promise<KeyRow[]>;
};
