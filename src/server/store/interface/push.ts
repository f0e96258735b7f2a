import type { NotificationKind } from './conversations.js';

/** A browser's Web Push subscription as stored: where to send, the keys to encrypt to, the kinds wanted. */
export type PushSubscriptionRow = {
  endpoint: string;
  memberId: string;
  p256dh: string;
  auth: string;
  kinds: NotificationKind[];
  createdAt: number;
};

/** Whose actions an app's subscription pushes (Mastodon's policy): everyone's, or only some members'. */
export type AppPushPolicy = 'all' | 'followed' | 'follower' | 'none';

/**
 * An app's Web Push subscription through the Mastodon client API: one per access token (`tokenId`), with the
 * Mastodon notification types it wants (`alerts`), its policy, whether it takes RFC 8291's encoding
 * (`standard`) or the older draft's, and the app's token sealed (mastodon/push-seal.ts).
 */
export type AppPushRow = {
  tokenId: string;
  memberId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  standard: boolean;
  alerts: string[];
  policy: AppPushPolicy;
  sealedToken: string;
  createdAt: number;
};

/**
 * A notification made by a committed write, to be pushed to its recipient's devices (src/server/push).
 * Handed to this process only, never to the others: the process that made it sends it, once.
 */
export type PushIntent = {
  recipientId: string;
  actorId: string;
  kind: NotificationKind;
  postId: string | null;
  commentId: string | null;
  /** The notification group it joined (an app's push names it), and when. */
  groupId: string | null;
  at: number;
};

/** Who a push names: the actor's username, display name and picture ('' when none). */
export type PushSender = { username: string; firstName: string; lastName: string; profilePic: string };

export type PushReads = {
  /** The member's subscriptions, oldest first. */
  subscriptions(memberId: string): Promise<PushSubscriptionRow[]>;
  /** The subscription at this endpoint, whoever holds it. */
  byEndpoint(endpoint: string): Promise<PushSubscriptionRow | undefined>;
  /**
   * Where to push a notification of this kind for the member: their subscriptions that want it, none
   * when the member is not active (pending or suspended).
   */
  targets(memberId: string, kind: NotificationKind): Promise<PushSubscriptionRow[]>;
  sender(memberId: string): Promise<PushSender | undefined>;
  /** The app subscription of this access token, if it has one. */
  appSubscription(tokenId: string): Promise<AppPushRow | undefined>;
  /**
   * The member's app subscriptions whose tokens still stand (none that sign-out everywhere or a password
   * change ended), none when the member is not active.
   */
  appTargets(memberId: string): Promise<AppPushRow[]>;
};

export type PushWrites = {
  /** Stores the subscription, replacing the one at its endpoint (another member's too: it is one browser). */
  save(row: PushSubscriptionRow): Promise<void>;
  /** Deletes the subscription at this endpoint if it is `memberId`'s (any member's when null). */
  remove(endpoint: string, memberId: string | null): Promise<boolean>;
  /** Queues a push for after the transaction commits; dropped when it rolls back. */
  queue(intent: PushIntent): void;
  /** Stores the token's app subscription, replacing the one it had. */
  saveApp(row: AppPushRow): Promise<void>;
  /** Deletes the token's app subscription; whether there was one. */
  removeApp(tokenId: string): Promise<boolean>;
  /** Deletes every app subscription at this endpoint (its push service said it is gone). */
  removeAppEndpoint(endpoint: string): Promise<void>;
};

/** Secrets the instance makes once and keeps (the VAPID key pair). */
export type SecretReads = {
  /** The secret by this name, made by `make` and kept when there is none yet (first caller wins). */
  secret(name: string, make: () => string): Promise<string>;
};
