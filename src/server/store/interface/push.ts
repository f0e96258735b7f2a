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
};

/** Who a push names: the actor's username and display name. */
export type PushSender = { username: string; firstName: string; lastName: string };

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
};

export type PushWrites = {
  /** Stores the subscription, replacing the one at its endpoint (another member's too: it is one browser). */
  save(row: PushSubscriptionRow): Promise<void>;
  /** Deletes the subscription at this endpoint if it is `memberId`'s (any member's when null). */
  remove(endpoint: string, memberId: string | null): Promise<boolean>;
  /** Queues a push for after the transaction commits; dropped when it rolls back. */
  queue(intent: PushIntent): void;
};

/** Secrets the instance makes once and keeps (the VAPID key pair). */
export type SecretReads = {
  /** The secret by this name, made by `make` and kept when there is none yet (first caller wins). */
  secret(name: string, make: () => string): Promise<string>;
};
