import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { generateScale } from '../../seed/scale.js';
import { closeDatabase, openDatabase } from '../../src/server/store/sqlite/client.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { paths } from '../../src/server/paths.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { appToken, overHttp } from '../helpers/mastodon-token.js';
import { startTestPostgres } from '../helpers/postgres.js';
import { addConversationFixtures, type ConversationFixtures } from './conversation-fixtures.js';
import { fanOutCheck } from './fan-out.js';
import { chooseFixtures, hotPostCounts, trpcQuery, type Fixtures, type HotPostCounts } from './scenarios.js';
import { startBenchServer, type BenchServer } from './server.js';

// `npm run bench -- [--users N] [--posts M] [--duration S] [--connections C] [--engine sqlite|postgres|both]
// [--workers N] [--memory-budget MB] [--compiled]` builds or reuses a generated instance, runs the production
// server on a copy of it, and drives it with autocannon.
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    posts: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string' },
    // REALM_WORKERS for the server under test: `auto` is one process per core.
    workers: { type: 'string', default: 'auto' },
    // sqlite, postgres (1 node, then 2 nodes on one database), or both, side by side.
    engine: { type: 'string', default: 'sqlite' },
    // REALM_MEMORY_BUDGET for each server (MB, all its processes); unset, Realm's default.
    'memory-budget': { type: 'string' },
    // Serve the built program (dist/server/realm.cjs, `npm run build` first) instead of the source through
    // tsx: the memory a self-hoster sees (server.ts).
    compiled: { type: 'boolean', default: false },
  },
});
const users = Number(values.users);
const posts = Number(values.posts);
const duration = Number(values.duration);
const connections = Number(values.connections);
const benchDir = join(paths.root, 'data', 'bench');
const dbFile = values.db ?? join(benchDir, `scale-${users}-${posts}.db`);
const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';
const program = values.compiled ? 'compiled' : 'source';

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };
type BenchFixtures = Fixtures & { conversation: ConversationFixtures };

/** What the bench runs against: SQLite (one server, REALM_WORKERS), or PostgreSQL served by N nodes. */
type Target = { label: string; engine: 'sqlite' } | { label: string; engine: 'postgres'; nodes: number };

const targets: Target[] = [
  ...(values.engine === 'postgres' ? [] : [{ label: 'SQLite', engine: 'sqlite' as const }]),
  ...(values.engine === 'sqlite'
    ? []
    : [1, 2].map((nodes) => ({
        label: `PostgreSQL, ${nodes} node${nodes > 1 ? 's' : ''}`,
        engine: 'postgres' as const,
        nodes,
      }))),
];

async function main() {
  if (!['sqlite', 'postgres', 'both'].includes(values.engine))
    throw new Error('--engine is sqlite, postgres or both');
  mkdirSync(dirname(dbFile), { recursive: true });
  mkdirSync(benchDir, { recursive: true });
  if (!existsSync(dbFile)) {
    console.log(`Generating ${users} members and ${posts} posts into ${dbFile}...`);
    const db = openDatabase(dbFile);
    const report = await generateScale(db, { users, posts }, (line) => console.log(`  ${line}`));
    closeDatabase(db);
    console.log(`  ${report.rowsPerSecond} rows/s, ${report.seconds.toFixed(1)} s`);
  }
  // Twice as many writers as connections: the first half runs the write mix, the second warms it up.
  const chosen = chooseFixtures(dbFile, connections * 2);
  const fixtures = { ...chosen, conversation: addConversationFixtures(dbFile, chosen.follower.id) };
  const postgres = targets.some((target) => target.engine === 'postgres') ? await benchPostgres() : null;
  const reports: ({ target: Target } & Awaited<ReturnType<typeof runTarget>>)[] = [];
  try {
    for (const target of targets) reports.push({ target, ...(await runTarget(target, fixtures, postgres)) });
  } finally {
    await postgres?.stop();
  }

  const names = reports[0]!.rows.map((row) => row.name);
  const sideBySide = names.map((name) =>
    Object.fromEntries([
      ['scenario', name],
      ...reports.map(({ target, rows }) => {
        const row = rows.find((r) => r.name === name)!;
        return [target.label, `${row.rps} req/s, p99 ${row.p99} ms`];
      }),
    ]),
  );
  console.table(sideBySide);
  const out = join(benchDir, `results-${users}-${posts}-${values.engine}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      { machine: machine(), scale: { users, posts }, connections, durationSeconds: duration, reports },
      null,
      2,
    ) + '\n',
  );
  console.log(`Wrote ${out}`);
  const failed = reports.some(
    ({ rows, writeMix }) =>
      !Object.values(writeMix.checks).every(Boolean) || rows.some((row) => row.errors > 0),
  );
  if (failed) process.exitCode = 1;
  // Live fan-out: 1,000 streams following one member, on a small instance of its own (fan-out.ts).
  const fanOut = await fanOutCheck({ engine: values.engine, workers: values.workers });
  if (fanOut.some((result) => !result.ok)) process.exitCode = 1;
}

const machine = () => ({ cpus: cpus().length, model: cpus()[0]?.model, node: process.version });

/**
 * A PostgreSQL for the bench: REALM_TEST_PG_URL, or a throwaway one that syncs to disk (tests/helpers). The
 * generated instance is copied in once, as `realm migrate-to-postgres` would; each run gets a clone of it.
 */
async function benchPostgres() {
  const server = await startTestPostgres({ durable: true });
  const admin = (sql: string) => adminQuery(server.adminUrl, sql);
  await admin('drop database if exists realm_bench_source');
  await admin('create database realm_bench_source');
  const source = new Database(dbFile, { readonly: true });
  const pool = new pg.Pool({ connectionString: databaseUrl(server.adminUrl, 'realm_bench_source'), max: 2 });
  const started = performance.now();
  try {
    await copyFromSqlite(source, pool);
    await pool.query('vacuum analyze');
  } finally {
    source.close();
    await pool.end();
  }
  console.log(
    `Copied the instance into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    /** A fresh copy of the instance, so that every run starts from the same one. */
    async fresh(): Promise<string> {
      await admin('drop database if exists realm_bench_run with (force)');
      await admin('create database realm_bench_run template realm_bench_source');
      return databaseUrl(server.adminUrl, 'realm_bench_run');
    },
    stop: () => server.stop(),
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, database: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function runTarget(
  target: Target,
  fixtures: BenchFixtures,
  postgres: Awaited<ReturnType<typeof benchPostgres>> | null,
) {
  const budget = values['memory-budget'];
  const env = { REALM_JWT_SECRET: secret, ...(budget && { REALM_MEMORY_BUDGET: budget }) };
  let counts: () => Promise<HotPostCounts>;
  let servers: BenchServer[];
  let cleanUp = () => {};
  if (target.engine === 'sqlite') {
    // Writes go to a copy, so every run starts from the same instance.
    const runFile = `${dbFile}.run`;
    const removeRun = () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(runFile + suffix, { force: true });
    };
    removeRun();
    copyFileSync(dbFile, runFile);
    servers = [
      await startBenchServer(
        { ...env, REALM_DB: runFile, REALM_WORKERS: values.workers },
        [],
        paths.root,
        program,
      ),
    ];
    counts = async () => hotPostCounts(runFile, fixtures.hotPost);
    cleanUp = removeRun;
  } else {
    const url = await postgres!.fresh();
    // One process per node, so that 1 and 2 nodes compare processes that each hold their own pool.
    const nodeEnv = { ...env, REALM_DATABASE_URL: url, REALM_WORKERS: '1' };
    servers = await Promise.all(
      Array.from({ length: target.nodes }, () => startBenchServer(nodeEnv, [], paths.root, program)),
    );
    counts = () => hotPostCountsIn(url, fixtures.hotPost);
  }
  console.log(`${target.label}: ${connections} connections, ${duration} s each`);
  try {
    const result = await runScenarios(
      servers.map((server) => server.url),
      fixtures,
      counts,
    );
    const memory = {
      idleMemoryMb: servers.reduce((sum, server) => sum + server.idleMemoryMb, 0),
      peakMemoryMb: servers.reduce((sum, server) => sum + server.peakMemoryMb(), 0),
      peakRssMb: servers.reduce((sum, server) => sum + server.peakRssMb(), 0),
    };
    console.log(
      `  memory: ${memory.idleMemoryMb} MB private at rest, ${memory.peakMemoryMb} MB at the peak` +
        ` (resident with shared pages ${memory.peakRssMb} MB)`,
    );
    return { ...result, ...memory };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    cleanUp();
  }
}

async function hotPostCountsIn(url: string, postId: string): Promise<HotPostCounts> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    // One statement, one snapshot: writes still in flight when the load stops commit between statements.
    const { rows } = await pool.query(
      `select (select like_count from posts where id = $1) as "likeCount",
         (select count(*) from post_reactions where post_id = $1 and kind = 'like') as "likeRows",
         (select comment_count from posts where id = $1) as "commentCount",
         (select count(*) from comments where post_id = $1) as "commentRows",
         (select count(*) from bookmarks where post_id = $1) as "bookmarkRows"`,
      [postId],
    );
    return Object.fromEntries(Object.entries(rows[0]).map(([key, n]) => [key, Number(n)])) as HotPostCounts;
  } finally {
    await pool.end();
  }
}

/**
 * autocannon on every node at once, each with its share of the connections; requests per second add up,
 * and the slowest node's percentiles stand for all.
 */
async function load(urls: string[], path: string, options: Partial<autocannon.Options>, seconds: number) {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: url + path,
        connections: Math.ceil(connections / urls.length),
        duration: seconds,
        ...options,
      }),
    ),
  );
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
  };
}

async function runScenarios(urls: string[], fixtures: BenchFixtures, counts: () => Promise<HotPostCounts>) {
  const keys = createTokenKeys(secret);
  const tokenOf = (member: { id: string; username: string }) =>
    keys.sign({ _id: member.id, username: member.username });
  const followerToken = await tokenOf(fixtures.follower);
  const writerTokens = await Promise.all(fixtures.writers.map(tokenOf));
  const readerTokens = await Promise.all(fixtures.readers.map(tokenOf));
  const rows: Row[] = [];
  const run = async (
    name: string,
    path: string,
    options: Partial<autocannon.Options> = {},
    warmUp: Partial<autocannon.Options> = options,
  ) => {
    // Two unrecorded seconds first, so the figures are of a warmed-up server (JIT, the database's caches).
    await load(urls, path, warmUp, 2);
    const result = await load(urls, path, options, duration);
    const row = { name, ...result, rps: Math.round(result.rps) };
    rows.push(row);
    console.log(`  ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`);
  };
  const manyReaders = (path: string) => {
    let next = 0;
    const cycle = () =>
      Array.from({ length: 20 }, () => ({
        method: 'GET' as const,
        path,
        headers: { authorization: readerTokens[next++ % readerTokens.length]! },
      }));
    return { requests: cycle(), setupClient: (client: autocannon.Client) => client.setRequests(cycle()) };
  };
  const asFollower = { headers: { authorization: followerToken } };
  await run('healthz', '/healthz');
  await run('home feed, latest', trpcQuery('posts.feed', { mode: 'latest' }), asFollower);
  // The same page through the Mastodon client API, as an app reads it (docs/mastodon-api.md, "Pages").
  const appBearer = `Bearer ${await appToken(overHttp(urls[0]!), followerToken, 'read')}`;
  await run('home feed, Mastodon API', '/api/v1/timelines/home', { headers: { authorization: appBearer } });
  await run('home feed, trending', trpcQuery('posts.feed', { mode: 'trending' }), asFollower);
  // One member's feed is read from the same few pages each time. Many members' feeds spread over the indexes,
  // as on a real instance: each connection reads 20 members' feeds in turn, a thousand members in all.
  await run('home feed, latest, many members', '', manyReaders(trpcQuery('posts.feed', { mode: 'latest' })));
  await run('explore', trpcQuery('posts.explore', {}), asFollower);
  await run('profile posts', trpcQuery('posts.byUser', { username: fixtures.popular.username }), asFollower);
  await run('one post', trpcQuery('posts.byId', { postId: fixtures.post }), asFollower);
  await run('who to follow', trpcQuery('users.whoToFollow', {}), asFollower);
  // A post page's first comments cost the same under 10 and 10,000 comments; the follower has
  // 2,000 notification groups, a thousand of them unread.
  const { bigThread, smallThread, tag } = fixtures.conversation;
  await run('post page, 10 comments', trpcQuery('comments.list', { postId: smallThread }), asFollower);
  await run('post page, 10,000 comments', trpcQuery('comments.list', { postId: bigThread }), asFollower);
  await run('notifications page', trpcQuery('notifications.list', {}), asFollower);
  await run('unread count', '/trpc/notifications.unreadCount', asFollower);
  await run('tag feed', trpcQuery('posts.byTag', { tag }), asFollower);
  // Search (docs/search.md): three of the generator's words, each in hundreds of thousands of posts.
  await run('search, three words', trpcQuery('search.posts', { q: 'coffee river train' }), asFollower);

  // The write mix: each connection is its own member cycling like, comment, bookmark, dislike, unbookmark on
  // the one hot post. Successes are counted, then checked against the database.
  const legacy = posts <= 20_000 ? await timeLegacyPosts(urls[0]!) : null;
  const before = await counts();
  const ok = { like: 0, comment: 0, bookmark: 0, dislike: 0, unbookmark: 0 };
  // Each connection is one member with its own cycle (autocannon resets a connection's context every loop,
  // so the token is baked into the connection's requests instead).
  const refusals: string[] = [];
  const cycleFor = (token: string) => {
    const step = (name: keyof typeof ok, procedure: string, extra: object = {}) => ({
      method: 'POST' as const,
      path: `/trpc/${procedure}`,
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ postId: fixtures.hotPost, ...extra }),
      onResponse: (status: number, body: string) => {
        if (status === 200) ok[name] += 1;
        else if (refusals.length < 5) refusals.push(`${name} ${status} ${body.slice(0, 200)}`);
      },
    });
    return [
      step('like', 'posts.like'),
      step('comment', 'comments.add', { text: 'A benchmark comment' }),
      step('bookmark', 'bookmarks.add'),
      step('dislike', 'posts.dislike'),
      step('unbookmark', 'bookmarks.remove'),
    ];
  };
  // Each connection takes the next writer of its half, so no member runs two cycles at once.
  const writeMix = (writers: string[]) => {
    let next = 0;
    return {
      requests: cycleFor(writers[0]!),
      setupClient: (client: autocannon.Client) =>
        client.setRequests(cycleFor(writers[next++ % writers.length]!)),
    };
  };
  const half = Math.ceil(writerTokens.length / 2);
  await run(
    'write mix (like/dislike, comment, bookmark)',
    '',
    writeMix(writerTokens.slice(0, half)),
    writeMix(writerTokens.slice(half)),
  );

  // The legacy list is timed on the generated instance, and again after the write mix has added thousands
  // of comments to the hot post and left its writes in the WAL.
  const legacyAfterWrites = legacy ? await timeLegacyPosts(urls[0]!) : null;
  const after = await counts();
  // Requests still in flight when autocannon stops are applied but never counted, so the check is what the
  // database can prove: the counters equal the rows they count (the generator starts them equal, and each
  // writer alternates like and dislike), so a lost or doubled update shows.
  const checks = {
    likeCountMatchesLikes: after.likeCount === after.likeRows,
    commentCountMatchesComments: after.commentCount === after.commentRows,
    writesHappened:
      after.commentRows > before.commentRows && ok.like > 0 && ok.dislike > 0 && ok.unbookmark > 0,
  };
  console.log(`  write mix: ${JSON.stringify(ok)}; counts check: ${JSON.stringify(checks)}`);
  for (const refusal of refusals) console.log(`  refused: ${refusal}`);
  if (legacy && legacyAfterWrites)
    console.log(
      `  GET /api/posts (${posts} posts): median ${legacy.medianMs} ms, max ${legacy.maxMs} ms;` +
        ` after the write mix: median ${legacyAfterWrites.medianMs} ms, max ${legacyAfterWrites.maxMs} ms`,
    );
  return {
    rows,
    writeMix: { successes: ok, before, after, checks },
    legacyApiPosts: legacy,
    legacyApiPostsAfterWrites: legacyAfterWrites,
  };
}

/** The legacy contract returns every post; timed on its own, one request at a time. */
async function timeLegacyPosts(url: string) {
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/posts`);
    await response.arrayBuffer();
    if (i > 0) times.push(performance.now() - started); // the first warms the caches
  }
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[10]!), maxMs: Math.round(times.at(-1)!) };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
