/** PRODUCT.md: nested users carry at least _id, username, firstName, lastName, profilePic; never a hash. */
export type PublicUser = {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profilePic: string;
};

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
