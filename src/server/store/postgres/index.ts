import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createLiveHub } from '../live-hub.js';
import type { LiveEvent, PushIntent, Reads, Store, Tx } from '../store.js';
import { accountReads, accountWrites } from './account.js';
import { auditWrites } from './audit.js';
import { mentionWrites, notificationWrites, tagWrites } from './conversations.js';
import { answerReads, answerWrites } from './answers.js';
import { interactionReads } from './interactions.js';
import { boostWrites } from './boosts.js';
import { cardReads } from './cards.js';
import { editReads } from './edits.js';
import { counterReads, counterWrites, type Sweeps } from './counters.js';
import { fanOutReads } from './fan-out.js';
import { feedReads } from './feeds.js';
import { postSearchReads } from './post-search.js';
import { resolveSharedSecret } from './instance-secret.js';
import { instanceReads, instanceWrites } from './instance.js';
import { inviteReads, inviteWrites } from './invites.js';
import { migrationLock } from './migrate.js';
import { legacyReads } from './legacy.js';
import { notifyLive } from './live-channel.js';
import { listenLive, type LiveListener } from './live-listener.js';
import { memberReads, memberWrites } from './members.js';
import { moderationReads } from './moderation.js';
import { searchReads } from './search.js';
import { notificationReads } from './notifications.js';
import { oauthReads, oauthWrites } from './oauth.js';
import { secondFactorReads, secondFactorWrites } from './second-factors.js';
import { emailTokenReads, emailTokenWrites, knownDeviceWrites } from './mail-links.js';
import { passkeyReads, passkeyWrites } from './passkeys.js';
import { keptSecret, pushReads, pushWrites } from './push.js';
import { mailReads, mailWrites } from './mail.js';
import { mediaReads, mediaWrites } from './media.js';
import { relationReads, relationWrites } from './relations.js';
import {
  bookmarkWrites,
  commentWrites,
  followWrites,
  postReads,
  postWrites,
  reactionWrites,
  voteWrites,
} from './posts.js';
import type { Queryable } from './queryable.js';
import { reportWrites } from './reports.js';
import { sessionOptions } from './session.js';

/** The PostgreSQL store, with its pool for what only PostgreSQL has (migrations, tests of plans). */
export type PostgresStore = Store & { engine: 'postgres'; pool: pg.Pool };

/** Opens a pool on the database at `url`. It does not migrate: startup does, once for all nodes. */
export function openPostgresStore({ url, poolSize = 10 }: { url: string; poolSize?: number }): PostgresStore {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: sessionOptions,
    // Every answer is bounded in time: a database that does not take a connection, or a statement that
    // runs away, fails the request (500, and /healthz says so) instead of holding it open.
    connectionTimeoutMillis: 5_000,
    statement_timeout: 15_000,
  });
  // An idle connection that breaks (a restarted server) is dropped by the pool, which opens another when
  // asked; without a listener its error event would end the process.
  pool.on('error', () => {});
  return postgresStore(pool, url);
}

/** The advisory lock of `exclusively`: the migrations' lock (migrate.ts) plus one. */
const exclusiveLock = migrationLock + 1;

/** Deadlock and serialization failure: the transaction was rolled back, and may run again. */
const retryable = new Set(['40P01', '40001']);
const attempts = 5;

/**
 * A store on a pool. Reads run on any connection and see what has committed. A write takes one connection
 * for its whole transaction, and every statement of it runs there (a statement on the pool would run
 * outside it). READ COMMITTED plus row locks (`posts.lock`, `members.lock`) make rules that check before
 * they write take turns; two writes that lock in opposite orders (two members following each other) can
 * deadlock, and the one PostgreSQL rolls back runs again after a short random pause.
 */
export function postgresStore(pool: pg.Pool, url?: string): PostgresStore {
  const sweeps: Sweeps = { at: 0 };
  const read: Reads = {
    members: memberReads(pool),
    posts: postReads(pool),
    feeds: feedReads(pool),
    search: { ...searchReads(pool), ...postSearchReads(pool) },
    cards: cardReads(pool),
    edits: editReads(pool),
    legacy: legacyReads(pool),
    notifications: notificationReads(pool),
    counters: counterReads(pool),
    fanOut: fanOutReads(pool),
    instance: instanceReads(pool),
    invites: inviteReads(pool),
    account: accountReads(pool),
    moderation: moderationReads(pool),
    relations: relationReads(pool),
    push: pushReads(pool),
    media: mediaReads(pool),
    answers: answerReads(pool),
    interactions: interactionReads(pool),
    oauth: oauthReads(pool),
    mail: mailReads(pool),
    secondFactors: secondFactorReads(pool),
    passkeys: passkeyReads(pool),
    emailTokens: emailTokenReads(pool),
    version: async () => null, // no cheap sign of a commit on another node: answers are not kept
  };
  // Live events: delivered here at commit, and to the other nodes by NOTIFY (live-channel.ts), which this
  // node's one LISTEN connection receives from them (live-listener.ts), started by the first subscriber.
  const hub = createLiveHub();
  const node = randomUUID();
  let listening: LiveListener | undefined;
  const pushHub = new Set<(intents: PushIntent[]) => void>();
  const mediaHub = new Set<(keys: string[]) => void>();
  const mailHub = new Set<() => void>();
  type Queued = { mail: boolean };
  const txOn = (
    db: Queryable,
    events: LiveEvent[],
    pushes: PushIntent[],
    released: string[],
    queued: Queued,
  ): Tx => ({
    audit: auditWrites(db),
    instance: { ...instanceReads(db), ...instanceWrites(db) },
    invites: { ...inviteReads(db), ...inviteWrites(db) },
    account: { ...accountReads(db), ...accountWrites(db) },
    reports: reportWrites(db),
    moderation: moderationReads(db),
    members: { ...memberReads(db), ...memberWrites(db) },
    posts: { ...postReads(db), ...postWrites(db) },
    reactions: reactionWrites(db),
    comments: commentWrites(db),
    votes: voteWrites(db),
    bookmarks: bookmarkWrites(db),
    boosts: boostWrites(db),
    follows: followWrites(db),
    tags: tagWrites(db),
    mentions: mentionWrites(db),
    notifications: { ...notificationReads(db), ...notificationWrites(db) },
    relations: { ...relationReads(db), ...relationWrites(db) },
    push: { ...pushReads(db), ...pushWrites(db, pushes) },
    live: { emit: (event) => void events.push(event) },
    counters: { ...counterReads(db), ...counterWrites(db, sweeps) },
    media: { ...mediaReads(db), ...mediaWrites(db, released) },
    answers: { ...answerReads(db), ...answerWrites(db) },
    interactions: interactionReads(db),
    oauth: { ...oauthReads(db), ...oauthWrites(db) },
    mail: { ...mailReads(db), ...mailWrites(db, () => (queued.mail = true)) },
    secondFactors: { ...secondFactorReads(db), ...secondFactorWrites(db) },
    passkeys: { ...passkeyReads(db), ...passkeyWrites(db) },
    emailTokens: { ...emailTokenReads(db), ...emailTokenWrites(db) },
    knownDevices: knownDeviceWrites(db),
    feeds: feedReads(db),
    search: { ...searchReads(db), ...postSearchReads(db) },
    cards: cardReads(db),
    edits: editReads(db),
    legacy: legacyReads(db),
    fanOut: fanOutReads(db),
    version: read.version,
  });
  async function attempt<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      try {
        const events: LiveEvent[] = [];
        const pushes: PushIntent[] = [];
        const released: string[] = [];
        const queued: Queued = { mail: false };
        const result = await work(txOn(client, events, pushes, released, queued));
        if (events.length > 0) await notifyLive(client, node, events);
        await client.query('commit');
        hub.deliver(events);
        if (pushes.length > 0) for (const listener of pushHub) listener(pushes);
        if (released.length > 0) for (const listener of mediaHub) listener(released);
        if (queued.mail) for (const listener of mailHub) listener();
        return result;
      } catch (error) {
        await client.query('rollback').catch((failed: Error) => (broken = failed));
        throw error;
      }
    } finally {
      client.release(broken); // a connection that could not roll back is closed, not reused
    }
  }
  return {
    engine: 'postgres',
    pool,
    read,
    async write(work) {
      for (let tried = 1; ; tried++) {
        try {
          return await attempt(work);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (tried >= attempts || typeof code !== 'string' || !retryable.has(code)) throw error;
          await sleep(5 + Math.random() * 20 * tried);
        }
      }
    },
    async exclusively(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [exclusiveLock]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [exclusiveLock]);
        }
      } finally {
        client.release();
      }
    },
    tokenSecret: (configured) => resolveSharedSecret(pool, configured),
    onPush(listener) {
      pushHub.add(listener);
      return () => pushHub.delete(listener);
    },
    onMediaReleased(listener) {
      mediaHub.add(listener);
      return () => mediaHub.delete(listener);
    },
    onMailQueued(listener) {
      mailHub.add(listener);
      return () => mailHub.delete(listener);
    },
    secret: (name, make) => keptSecret(pool, name, make),
    ping: async () => void (await pool.query('select 1')),
    subscribe(onEvent) {
      if (url && !listening) listening = listenLive({ url, node, deliver: hub.deliver });
      return hub.subscribe(onEvent);
    },
    liveReady: async () => listening?.ready,
    async close() {
      await listening?.close();
      // Shutting down, requests still running (their clients may have gone) finish their statements first:
      // a pool that has ended refuses them. Up to 5 s, then the pool ends anyway.
      for (
        let waited = 0;
        waited < 5000 && (pool.idleCount < pool.totalCount || pool.waitingCount > 0);
        waited += 20
      ) {
        await sleep(20);
      }
      await pool.end();
    },
  };
}
