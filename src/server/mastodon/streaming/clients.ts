import type { FastifyRequest } from 'fastify';

// The streaming clients of this process (docs/mastodon-api.md, "Streaming"): a WebSocket with any number of
// subscriptions, or an SSE response with one. Each is one member's, bounded: a member has at most
// `perMember` here (a new one closes their oldest), and a client that does not read has its queue capped.

/** Mastodon's stream names; `tag` for the hashtag streams. */
export const streamNames = [
  'user',
  'user:notification',
  'public',
  'public:local',
  'public:remote',
  'public:media',
  'public:local:media',
  'public:remote:media',
  'hashtag',
  'hashtag:local',
  'direct',
  'list',
] as const;
export type StreamName = (typeof streamNames)[number];
export const isStreamName = (name: string): name is StreamName =>
  (streamNames as readonly string[]).includes(name);

export type Subscription = { name: StreamName; tag?: string; list?: string };

/** The subscription's identity: the same stream asked twice is one. */
export const subscriptionKey = (sub: Subscription) =>
  `${sub.name}\u0000${sub.tag?.toLowerCase() ?? sub.list ?? ''}`;

/** The home stream's key, which the dispatcher looks for. */
export const homeKey = subscriptionKey({ name: 'user' });

/** The `stream` array of a WebSocket event: `["hashtag", "cats"]`, `["user"]`. */
export const streamLabel = (sub: Subscription) =>
  sub.tag !== undefined ? [sub.name, sub.tag] : sub.list !== undefined ? [sub.name, sub.list] : [sub.name];

export type StreamClient = {
  readonly memberId: string;
  /** The app token it was opened with: checked again at every heartbeat, so a revoked one ends it. */
  readonly token: string;
  /** The origin its payloads' URLs are written with. */
  readonly origin: string;
  /** The request that opened it (what the notification entities are written for). */
  readonly request: FastifyRequest;
  readonly readsStatuses: boolean;
  readonly readsNotifications: boolean;
  readonly subscriptions: Map<string, Subscription>;
  /** Notifications newer than this (their group's latest time, ms) have not been sent yet. */
  notifiedUpTo: number;
  /** One event on one of its subscriptions; `payload` is text (JSON, or a status id for `delete`). */
  send(sub: Subscription, event: string, payload: string): void;
  /** The keep-alive: a ping frame or an SSE comment. */
  ping(): void;
  close(): void;
};

export type ClientLimits = { perMember: number };

export function createClients({ perMember }: ClientLimits) {
  const byMember = new Map<string, StreamClient[]>();
  const all = new Set<StreamClient>();
  return {
    add(client: StreamClient) {
      all.add(client);
      const theirs = [...(byMember.get(client.memberId) ?? []), client];
      // The oldest leaves the list now, not when its connection has closed: streams opened meanwhile
      // would each count it again, and close it again instead of the next oldest.
      const oldest = theirs.length > perMember ? theirs.shift() : undefined;
      byMember.set(client.memberId, theirs);
      if (oldest) {
        all.delete(oldest);
        oldest.close();
      }
    },
    remove(client: StreamClient) {
      if (!all.delete(client)) return;
      const left = (byMember.get(client.memberId) ?? []).filter((other) => other !== client);
      if (left.length > 0) byMember.set(client.memberId, left);
      else byMember.delete(client.memberId);
    },
    members: () => [...byMember.keys()],
    of: (memberId: string): readonly StreamClient[] => byMember.get(memberId) ?? [],
    all: (): StreamClient[] => [...all],
    get size() {
      return all.size;
    },
  };
}

export type Clients = ReturnType<typeof createClients>;
