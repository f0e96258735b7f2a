/** A post's counts as a card shows them (live `counts` events). */
export type PostCounts = { postId: string; likeCount: number; commentCount: number };

/**
 * A post's counts, and who may not hear them: the members asked about who blocked its author, whom its
 * author blocked, or who muted its author (relations.ts: hiddenSql, from the author's side), or everyone
 * when its author is suspended. `authorLimited`: explore, the public timeline, leaves it out (feeds.ts).
 */
export type PostCountsFor = PostCounts & {
  hiddenFrom: string[];
  hiddenFromAll: boolean;
  authorLimited: boolean;
};

/** What live updates read (src/server/live): one statement per event, whatever the number of streams. */
export type FanOutReads = {
  /**
   * Which of `memberIds` follow `authorId`: those connected here who see the author's new post. Not those
   * who muted the author, and nobody when the author is suspended.
   */
  followersAmong(authorId: string, memberIds: string[]): Promise<string[]>;
  /**
   * Which of `memberIds` see `boosterId`'s boost of `authorId`'s post come to their home feed: the booster's
   * followers who did not hide their boosts, from whom neither member is hidden (a block with the author
   * either way, a mute of either, either suspended), the author left out.
   */
  boostFollowersAmong(boosterId: string, authorId: string, memberIds: string[]): Promise<string[]>;
  /** The counts of these posts, and which of `memberIds` may not hear them; deleted ones are left out. */
  postCounts(postIds: string[], memberIds: string[]): Promise<PostCountsFor[]>;
};
