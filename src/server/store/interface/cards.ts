/** A row of a list written as JSON by the database, with its key in the list's order. */
export type JsonRow = { json: string; createdAt: number; id: string };

/**
 * What a card carries besides the post. `latestComments: false` leaves the post's latest comments out (an
 * empty list): a reader that shows no comments under a post (a Mastodon status carries none) is spared their
 * lookup, a third of a page's cards statement.
 */
export type CardShape = { latestComments: boolean };

/** Cards and threads leave out posts and comments by authors hidden from the viewer. */
export type CardReads = {
  /**
   * The PostCards (domain/views.ts) of these posts as a JSON array, in this order, deleted ones left out.
   * `boosters`, beside the ids, names the member whose boost brought each to the home feed (`boostedBy`).
   */
  json(
    viewerId: string | null,
    postIds: string[],
    boosters?: (string | null)[],
    shape?: CardShape,
  ): Promise<string>;
  /**
   * Up to a page and one more of a post's comments as ThreadComment JSON (score, the viewer's vote),
   * oldest first, above the key (createdAt, id) of the last one shown.
   */
  thread(viewerId: string | null, postId: string, key: [number, string]): Promise<JsonRow[]>;
};
