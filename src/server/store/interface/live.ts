/**
 * What happened, as ids only, told to every process of the instance once the write that did it commits
 * (src/server/live). Readers look up what they may show.
 */
export type LiveEvent =
  /** A new post, for the home feeds of its author and their followers. */
  | { type: 'post'; postId: string; authorId: string }
  /** A boost, for the home feeds of the booster and their followers who see it (fan-out.ts). */
  | {
      type: 'boost';
      postId: string;
      boosterId: string;
      authorId: string;
      /** When it was boosted: the Mastodon API's reblog id carries it (src/server/mastodon/streaming). */
      at?: number;
    }
  /** A boost undone: the Mastodon API's streams tell apps to drop the reblog (its id carries `at`). */
  | { type: 'unboost'; postId: string; boosterId: string; at: number }
  /** A post's counts or text changed, or it was deleted. */
  | {
      type: 'post-changed';
      postId: string;
      /** Its author edited its text or pictures (the Mastodon API's `status.update`). */
      edited?: true;
      /** It was deleted; when it was made, which the Mastodon API's status id carries (its `delete`). */
      deleted?: { createdAt: number };
    }
  /** A member's notifications changed: their unread count may have moved. */
  | { type: 'notifications'; memberId: string }
  /** This process may have missed events (its PostgreSQL LISTEN connection was lost): readers catch up. */
  | { type: 'resync' }
  /**
   * The member's tokens stopped working (suspended, password changed, signed out everywhere, account
   * deleted): their open streams close at once, and reconnecting says why.
   */
  | { type: 'session-ended'; memberId: string };

export type LiveWrites = {
  /** Told to every process once the transaction commits; never when it rolls back. */
  emit(event: LiveEvent): void;
};
