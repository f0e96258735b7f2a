import type { PublicUser } from './columns.js';

// The shapes the tRPC API returns. Times are ISO 8601 strings in UTC.
export type CommentView = {
  id: string;
  postId: string;
  author: PublicUser;
  text: string;
  createdAt: string;
  updatedAt: string;
};

export type PostCard = {
  id: string;
  author: PublicUser;
  content: string;
  createdAt: string;
  updatedAt: string;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  dislikedByMe: boolean;
  bookmarkedByMe: boolean;
  /** The latest comments, newest first (spec section 9: at most 4). */
  latestComments: CommentView[];
};

export type Page<T> = { items: T[]; nextCursor: string | null };

export const isoTime = (ms: number) => new Date(ms).toISOString();
