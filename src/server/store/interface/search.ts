import type { KeyRow, SortKey } from './feeds.js';

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
export type SearchReads = {
  posts(viewerId: string | null, search: PostSearch, key: SortKey | null): Promise<KeyRow[]>;
};
