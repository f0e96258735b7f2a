import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { LiveEvent } from '../store.js';
import { liveChannel, parsePayload } from './live-channel.js';
import { sessionOptions } from './session.js';

/** The one connection of a node that LISTENs; its name lets an administrator find it in pg_stat_activity. */
export const listenerApplicationName = 'realm-live';

export type LiveListener = {
  /** Resolves once the first LISTEN is in place (or was given up for now: it keeps trying). */
  ready: Promise<void>;
  close(): Promise<void>;
};

export type ListenerOptions = {
  url: string;
  /** This node's id: its own events were delivered at commit, so its notifications are skipped. */
  node: string;
  deliver(events: readonly LiveEvent[]): void;
  /** The first pause after a lost connection; it doubles up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
};

/**
 * One dedicated connection per node, outside the pool (a pooled connection would be handed to requests, and
 * LISTEN lasts for the session). When it is lost (the server restarted, an administrator ended it, the
 * network broke), it comes back after a pause that doubles up to 5 s, with jitter so that many nodes do not
 * return at once; events committed meanwhile never reach this node, so after coming back it delivers a
 * `resync` and the streams tell their clients to catch up.
 */
export function listenLive(options: ListenerOptions): LiveListener {
  const { url, node, deliver, firstBackoffMs = 100, maxBackoffMs = 5000 } = options;
  let current: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let missedSome = false;
  let retry: NodeJS.Timeout | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== liveChannel || !message.payload) return;
    const payload = parsePayload(message.payload);
    if (payload && payload.node !== node) deliver(payload.events);
  };

  function lost(client: pg.Client) {
    if (current !== client) return; // its error and its end both report one loss
    current = undefined;
    client.end().catch(() => {});
    missedSome = true;
    if (closed) return;
    const pause = Math.min(maxBackoffMs, firstBackoffMs * 2 ** failures++);
    retry = setTimeout(connect, pause * (0.5 + Math.random() / 2));
    // A first connection that fails lets the app start; the stream carries on without other nodes' events.
    if (failures >= 3) markReady();
  }

  async function connect() {
    if (closed) return;
    const client = new pg.Client({
      connectionString: url,
      options: sessionOptions,
      application_name: listenerApplicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
    });
    current = client;
    client.on('notification', onNotification);
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${liveChannel}`);
    } catch {
      lost(client);
      return;
    }
    if (current !== client) return;
    failures = 0;
    if (missedSome) deliver([{ type: 'resync' }]);
    missedSome = false;
    markReady();
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      markReady();
      const client = current;
      current = undefined;
      // A connection still being made may never answer its end: shutting down does not wait past 1 s.
      await Promise.race([client?.end().catch(() => {}), sleep(1000)]);
    },
  };
}
