/** A post's counts as a card shows them (live `counts` events). */
export type PostCounts = { postId: string; likeCount: number; commentCount: number };

/** What live updates read (src/server/live): one statement per event, whatever the number of streams. */
export type FanOutReads = {
  /**
   * Which of `memberIds` follow `authorId`: those connected here who see the author's new post. Not those
   * who muted the author, and nobody when the author is suspended.
   */
  followersAmong(authorId: string, memberIds: string[]): Promise<string[]>;
  /** The counts of these posts; deleted ones are left out. */
  postCounts(postIds: string[]): Promise<PostCounts[]>;
};
