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
  /** The usernames the text mentions of members who exist (shared/rich-text.ts): these link to profiles. */
  mentions: string[];
};

/** A comment on a post's own page (issue 16): with its score (upvotes less downvotes) and my vote. */
export type ThreadComment = CommentView & { score: number; myVote: 'up' | 'down' | null };

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
  /** The usernames the content mentions of members who exist. */
  mentions: string[];
  /** The latest comments, newest first (spec section 9: at most 4). */
  latestComments: CommentView[];
};

/**
 * A notification (issue 16): one group of actors who did one kind of thing ("Amara Okafor and 3 others liked
 * your post"), newest first.
 */
export type NotificationView = {
  id: string;
  kind: 'like' | 'comment' | 'mention' | 'follow';
  /** When its newest actor acted. */
  at: string;
  /** Newer than the member's read marker. */
  unread: boolean;
  /** Its newest actors, newest first: at most 3. */
  actors: PublicUser[];
  actorCount: number;
  /** The post it is about (likes, comments, mentions), its first 100 characters. */
  post: { id: string; excerpt: string } | null;
  /** The comment it is about (a comment, a mention in a comment), its first 100 characters. */
  comment: { id: string; excerpt: string } | null;
};

export type Page<T> = { items: T[]; nextCursor: string | null };

export const isoTime = (ms: number) => new Date(ms).toISOString();
