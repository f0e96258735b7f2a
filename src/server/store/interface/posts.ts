import type { CommentPolicy, QuotePolicy } from '../../../shared/answer-schemas.js';

export type ReactionKind = 'like' | 'dislike';
export type VoteKind = 'up' | 'down';

/** A post as the rules that change it need it. */
export type PostForWrite = { id: string; authorId: string; likeCount: number };

export type PostReads = {
  find(id: string): Promise<PostForWrite | undefined>;
};

export type PostWrites = {
  /** The post, its row locked until the transaction ends (PostgreSQL). */
  lock(id: string): Promise<PostForWrite | undefined>;
  /** False when the id exists. Counts are for the seed: a new post starts at zero. */
  insert(row: {
    id: string;
    authorId: string;
    content: string;
    at: number;
    likeCount?: number;
    commentCount?: number;
    /** Who may answer it (default everyone) and the post it quotes (interface/answers.ts). */
    commentPolicy?: CommentPolicy;
    quotePolicy?: QuotePolicy;
    quoteOfId?: string | null;
  }): Promise<boolean>;
  /**
   * Writes the post's new content; updatedAt moves either way. When the content differs from the current
   * one, the current one is kept as an earlier version (replaced at `at`) and the post is marked edited at
   * `at`. True when the content changed.
   */
  setContent(id: string, content: string, at: number): Promise<boolean>;
  /** Deletes the post; answers when it was made (the Mastodon API's status ids carry it), if it was there. */
  delete(id: string): Promise<number | undefined>;
};

export type ReactionWrites = {
  of(postId: string, userId: string): Promise<ReactionKind | undefined>;
  /** Sets my reaction to the post and moves its like count by `delta`. */
  set(postId: string, userId: string, kind: ReactionKind, delta: 1 | -1, at: number): Promise<void>;
};

export type CommentWrites = {
  find(postId: string, commentId: string): Promise<{ id: string; authorId: string } | undefined>;
  /** Adds the comment and one to its post's comment count (the seed's rows: `countIt` false). */
  insert(
    row: { id: string; postId: string; authorId: string; text: string; at: number },
    countIt?: boolean,
  ): Promise<void>;
  /** As PostWrites.setContent, for a comment's text. */
  setText(id: string, text: string, at: number): Promise<boolean>;
  /** Deletes the comment and takes one from its post's comment count. */
  delete(postId: string, id: string): Promise<void>;
};

export type VoteWrites = {
  of(commentId: string, userId: string): Promise<VoteKind | undefined>;
  set(commentId: string, userId: string, kind: VoteKind, at: number): Promise<void>;
};

export type BookmarkWrites = {
  has(userId: string, postId: string): Promise<boolean>;
  /** Adds or removes the bookmark; the member's updatedAt moves either way. */
  add(userId: string, postId: string, at: number): Promise<void>;
  remove(userId: string, postId: string, at: number): Promise<void>;
};

export type FollowWrites = {
  has(followerId: string, followeeId: string): Promise<boolean>;
  /** Adds or removes the follow, moving the followee's follower count and both members' updatedAt. */
  add(followerId: string, followeeId: string, at: number): Promise<void>;
  remove(followerId: string, followeeId: string, at: number): Promise<void>;
};
