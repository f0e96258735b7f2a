import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { v4 as uuid } from 'uuid';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { openPostgresStore } from '../../src/server/store/postgres/index.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import type { Store } from '../../src/server/store/store.js';
import { usernameSkeleton } from '../../src/shared/username-skeleton.js';
import { usernameKey } from '../../src/shared/schemas.js';
import { freshDatabase, startTestPostgres } from '../helpers/postgres.js';
import { benchDir } from './instance.js';
import { startBenchServer, type BenchServer } from './server.js';

// The live fan-out check (`npm run bench:fan-out -- [--engine sqlite|postgres|both] [--streams 1000]`, and
// the end of `npm run bench`): as many open streams as members, all following one member, who posts; how
// long until every stream has the `post` event, from the moment the post is sent. Fails above 1 s.

const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';
const limitMs = 1000;

type Member = { id: string; username: string };
export type FanOutResult = { label: string; streams: number; p50Ms: number; maxMs: number; ok: boolean };

/** The author and `count` followers, written in one transaction. */
async function followersOfOne(store: Store, count: number): Promise<{ author: Member; followers: Member[] }> {
  const at = Date.now();
  const member = (username: string) => ({ id: uuid(), username });
  const author = member('fan-out-author');
  const followers = Array.from({ length: count }, (_, i) => member(`fan-out-follower-${i}`));
  await store.write(async (tx) => {
    for (const { id, username } of [author, ...followers]) {
      const row = {
        id,
        username,
        usernameKey: usernameKey(username),
        usernameSkeleton: usernameSkeleton(username),
        passwordHash: 'not-for-login',
      };
      await tx.members.insert({ ...row, createdAt: at, updatedAt: at });
    }
    for (const follower of followers) await tx.follows.add(follower.id, author.id, at);
  });
  return { author, followers };
}

type Listener = { hello: Promise<void>; post: Promise<number>; close(): void };

/** One stream read as plain HTTP; `post` resolves with the time its `post` event arrived. */
function listen(url: string, token: string): Listener {
  let request!: http.ClientRequest;
  let onHello!: () => void;
  let onPost!: (at: number) => void;
  const hello = new Promise<void>((resolve) => (onHello = resolve));
  const post = new Promise<number>((resolve) => (onPost = resolve));
  const failed = new Promise<never>((_, reject) => {
    request = http.get(`${url}/events`, { agent: false, headers: { authorization: token } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`GET /events answered ${response.statusCode}`));
      let tail = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const text = tail + chunk;
        if (text.includes('event: hello')) onHello();
        if (text.includes('event: post\n')) onPost(performance.now());
        tail = text.slice(-32);
      });
    });
    request.on('error', reject);
  });
  void failed.catch(() => {});
  return {
    hello: Promise.race([hello, failed]),
    post: Promise.race([post, failed]),
    close: () => request.destroy(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(label: string, servers: BenchServer[], author: Member, followers: Member[]) {
  const keys = createTokenKeys(secret);
  const listeners: Listener[] = [];
  try {
    // Spread over the servers (nodes) in turn; a server's workers share its streams as the cluster hands them out.
    for (let i = 0; i < followers.length; i += 100) {
      const batch = followers.slice(i, i + 100);
      const opened = await Promise.all(
        batch.map(async (follower, j) => {
          const token = await keys.sign({ _id: follower.id, username: follower.username });
          return listen(servers[(i + j) % servers.length]!.url, token);
        }),
      );
      await Promise.all(opened.map((listener) => listener.hello));
      listeners.push(...opened);
    }
    const token = await keys.sign({ _id: author.id, username: author.username });
    const sent = performance.now();
    const response = await fetch(`${servers[0]!.url}/trpc/posts.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ content: 'To all my followers at once' }),
    });
    if (!response.ok) throw new Error(`posts.create answered ${response.status}`);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('not every stream had the post within 10 s')), 10_000).unref(),
    );
    const arrivals = await Promise.race([Promise.all(listeners.map((listener) => listener.post)), timeout]);
    const delays = arrivals.map((at) => at - sent).sort((a, b) => a - b);
    const result: FanOutResult = {
      label,
      streams: listeners.length,
      p50Ms: Math.round(percentile(delays, 0.5)),
      maxMs: Math.round(delays.at(-1)!),
      ok: delays.at(-1)! <= limitMs,
    };
    console.log(
      `  fan-out, ${label}: ${result.streams} streams had the post after p50 ${result.p50Ms} ms, ` +
        `max ${result.maxMs} ms (limit ${limitMs} ms): ${result.ok ? 'ok' : 'FAILED'}`,
    );
    return result;
  } finally {
    listeners.forEach((listener) => listener.close());
  }
}

/** Many streams from this one address: the per-address cap is raised for the servers under test. */
const serverEnv = { REALM_JWT_SECRET: secret, REALM_CONNECTIONS_PER_ADDRESS: '10000' };

async function onSqlite(streams: number, workers: string): Promise<FanOutResult> {
  mkdirSync(benchDir, { recursive: true });
  chmodSync(benchDir, 0o700); // a data folder, as the server asks of one
  const file = join(benchDir, 'fan-out.db');
  const remove = () => ['', '-wal', '-shm'].forEach((suffix) => rmSync(file + suffix, { force: true }));
  remove();
  const store = openSqliteStore(file);
  const { author, followers } = await followersOfOne(store, streams);
  await store.close();
  const server = await startBenchServer({ ...serverEnv, REALM_DB: file, REALM_WORKERS: workers });
  try {
    return await measure(`SQLite (REALM_WORKERS=${workers})`, [server], author, followers);
  } finally {
    await server.stop();
    remove();
  }
}

async function onPostgres(streams: number): Promise<FanOutResult[]> {
  const postgres = await startTestPostgres({ durable: true });
  try {
    const results: FanOutResult[] = [];
    for (const nodes of [1, 2]) {
      const url = await freshDatabase(postgres.adminUrl);
      const store = openPostgresStore({ url, poolSize: 2 });
      const { author, followers } = await followersOfOne(store, streams);
      await store.close();
      const env = { ...serverEnv, REALM_DATABASE_URL: url, REALM_WORKERS: '1' };
      const servers = await Promise.all(Array.from({ length: nodes }, () => startBenchServer(env)));
      try {
        const label = `PostgreSQL, ${nodes} node${nodes > 1 ? 's' : ''} (posted on the first)`;
        results.push(await measure(label, servers, author, followers));
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
    return results;
  } finally {
    await postgres.stop();
  }
}

export async function fanOutCheck(options: { engine: string; streams?: number; workers?: string }) {
  const streams = options.streams ?? 1000;
  const results: FanOutResult[] = [];
  if (options.engine !== 'postgres') results.push(await onSqlite(streams, options.workers ?? 'auto'));
  if (options.engine !== 'sqlite') results.push(...(await onPostgres(streams)));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'both' },
      streams: { type: 'string', default: '1000' },
      workers: { type: 'string', default: 'auto' },
    },
  });
  if (!['sqlite', 'postgres', 'both'].includes(values.engine))
    throw new Error('--engine is sqlite, postgres or both');
  fanOutCheck({ engine: values.engine, streams: Number(values.streams), workers: values.workers }).then(
    (results) => {
      console.table(results);
      if (results.some((result) => !result.ok)) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
