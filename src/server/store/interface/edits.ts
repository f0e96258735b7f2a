/** One text of a post or comment: its current one (`replacedAt` null) or an earlier one. */
export type TextVersion = {
  /** 1 for the original text, counting up with each edit that changed it. */
  version: number;
  text: string;
  /** When this text was written (the post's or comment's creation for the original). */
  writtenAt: number;
  /** When an edit replaced it; null for the current text. */
  replacedAt: number | null;
};

/**
 * The history of edits. Each read applies the visibility rule in its own statement (relations.ts): a post
 * whose author is hidden from the viewer, or a comment whose author or post's author is, answers undefined,
 * as a deleted one does.
 */
export type EditReads = {
  /** The post's texts, newest first (the current one first), at most `limit`. */
  postVersions(viewerId: string | null, postId: string, limit: number): Promise<TextVersion[] | undefined>;
  /** The comment's texts, newest first, at most `limit`. */
  commentVersions(
    viewerId: string | null,
    postId: string,
    commentId: string,
    limit: number,
  ): Promise<TextVersion[] | undefined>;
};
