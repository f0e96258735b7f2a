/** Boosts: a member shares a post with their followers (docs/decisions/0011-boosts-in-the-home-feed.md). */
export type BoostWrites = {
  has(postId: string, userId: string): Promise<boolean>;
  add(postId: string, userId: string, at: number): Promise<void>;
  /** Undoes the boost; answers when it was made (the Mastodon API's reblog ids carry it), if it was there. */
  remove(postId: string, userId: string): Promise<number | undefined>;
  /** The follower's "Hide boosts" on the followee (false: show them); nothing when there is no follow. */
  setHidden(followerId: string, followeeId: string, hidden: boolean): Promise<void>;
};
