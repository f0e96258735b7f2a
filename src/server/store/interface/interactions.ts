/** A member who liked or boosted a post, and when. */
export type InteractionRow = { memberId: string; at: number };

/**
 * Look-ups the Mastodon client API needs beyond the web app's pages (src/server/mastodon): a comment's post,
 * a boost by its post and time, and who liked or boosted a post. Members hidden from the viewer (block
 * either way, mute, suspension) are left out, as on every read.
 */
export type InteractionReads = {
  /** The post a comment is on and when it was written; undefined when there is no such comment. */
  comment(commentId: string): Promise<{ postId: string; createdAt: number } | undefined>;
  /** Who boosted the post at exactly `at`, unless hidden from the viewer (boosts_post_created_idx). */
  boosterAt(viewerId: string | null, postId: string, at: number): Promise<string | undefined>;
  /** When the member boosted the post; undefined when they have not. */
  boostTime(postId: string, memberId: string): Promise<number | undefined>;
  /** Who liked the post, most recent first, below `key` ([at, memberId]), at most `limit`. */
  likers(
    viewerId: string | null,
    postId: string,
    key: [number, string] | null,
    limit: number,
  ): Promise<InteractionRow[]>;
  /** Who boosted the post, most recent first, as likers. */
  boosters(
    viewerId: string | null,
    postId: string,
    key: [number, string] | null,
    limit: number,
  ): Promise<InteractionRow[]>;
};
