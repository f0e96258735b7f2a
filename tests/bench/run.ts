import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { generateScale } from '../../seed/scale.js';
import { closeDatabase, openDatabase } from '../../src/server/db/client.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { paths } from '../../src/server/paths.js';
import { chooseFixtures, hotPostCounts, trpcQuery } from './scenarios.js';
import { startBenchServer } from './server.js';

// `npm run bench -- [--users N] [--posts M] [--duration S] [--connections C]` (issue 4). Builds or reuses a
// generated instance, runs the production server on a copy of it, and drives it with autocannon.
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    posts: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string' },
    // REALM_WORKERS for the server under test: `auto` is one process per core.
    workers: { type: 'string', default: 'auto' },
  },
});
const users = Number(values.users);
const posts = Number(values.posts);
const duration = Number(values.duration);
const connections = Number(values.connections);
const benchDir = join(paths.root, 'data', 'bench');
const dbFile = values.db ?? join(benchDir, `scale-${users}-${posts}.db`);
const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

async function main() {
  mkdirSync(dirname(dbFile), { recursive: true });
  mkdirSync(benchDir, { recursive: true });
  if (!existsSync(dbFile)) {
    console.log(`Generating ${users} members and ${posts} posts into ${dbFile}...`);
    const db = openDatabase(dbFile);
    const report = await generateScale(db, { users, posts }, (line) => console.log(`  ${line}`));
    closeDatabase(db);
    console.log(`  ${report.rowsPerSecond} rows/s, ${report.seconds.toFixed(1)} s`);
  }
  // Writes go to a copy, so every run starts from the same instance.
  const runFile = `${dbFile}.run`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(runFile + suffix, { force: true });
  copyFileSync(dbFile, runFile);
  // Twice as many writers as connections: the first half runs the write mix, the second warms it up.
  const fixtures = chooseFixtures(runFile, connections * 2);
  const keys = createTokenKeys(secret);
  const tokenOf = (member: { id: string; username: string }) =>
    keys.sign({ _id: member.id, username: member.username });
  const followerToken = await tokenOf(fixtures.follower);
  const writerTokens = await Promise.all(fixtures.writers.map(tokenOf));
  const readerTokens = await Promise.all(fixtures.readers.map(tokenOf));

  const server = await startBenchServer({
    REALM_DB: runFile,
    REALM_JWT_SECRET: secret,
    REALM_WORKERS: values.workers,
  });
  const rows: Row[] = [];
  const run = async (
    name: string,
    path: string,
    options: Partial<autocannon.Options> = {},
    warmUp: Partial<autocannon.Options> = options,
  ) => {
    // Two unrecorded seconds first, so the figures are of a warmed-up server (JIT, SQLite's page cache).
    await autocannon({ url: server.url + path, connections, duration: 2, ...warmUp });
    const result = await autocannon({ url: server.url + path, connections, duration, ...options });
    const row = {
      name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    };
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
  console.log(
    `Benchmark: ${connections} connections, ${duration} s each, REALM_WORKERS=${values.workers}, on ${runFile}`,
  );
  const asFollower = { headers: { authorization: followerToken } };
  await run('healthz', '/healthz');
  await run('home feed, latest', trpcQuery('posts.feed', { mode: 'latest' }), asFollower);
  await run('home feed, trending', trpcQuery('posts.feed', { mode: 'trending' }), asFollower);
  // One member's feed is read from the same few pages each time. Many members' feeds spread over the indexes,
  // as on a real instance: each connection reads 20 members' feeds in turn, a thousand members in all.
  await run('home feed, latest, many members', '', manyReaders(trpcQuery('posts.feed', { mode: 'latest' })));
  await run('explore', trpcQuery('posts.explore', {}), asFollower);
  await run('profile posts', trpcQuery('posts.byUser', { username: fixtures.popular.username }), asFollower);
  await run('one post', trpcQuery('posts.byId', { postId: fixtures.post }), asFollower);
  await run('who to follow', trpcQuery('users.whoToFollow', {}), asFollower);

  // The write mix: each connection is its own member cycling like, comment, bookmark, dislike, unbookmark on
  // the one hot post. Successes are counted, then checked against the database.
  const legacy = posts <= 20_000 ? await timeLegacyPosts(server.url) : null;
  const before = hotPostCounts(runFile, fixtures.hotPost);
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
  const legacyAfterWrites = legacy ? await timeLegacyPosts(server.url) : null;
  const peakMemoryMb = server.peakMemoryMb();
  await server.stop();

  const after = hotPostCounts(runFile, fixtures.hotPost);
  // Requests still in flight when autocannon stops are applied but never counted, so the check is what the
  // database can prove: the counters equal the rows they count (the generator starts them equal, and each
  // writer alternates like and dislike), so a lost or doubled update shows.
  const checks = {
    likeCountMatchesLikes: after.likeCount === after.likeRows,
    commentCountMatchesComments: after.commentCount === after.commentRows,
    writesHappened:
      after.commentRows > before.commentRows && ok.like > 0 && ok.dislike > 0 && ok.unbookmark > 0,
  };
  const healthz = rows[0]!;
  const table = rows.map((row) => ({
    ...row,
    rpsRatio: +(row.rps / healthz.rps).toFixed(3),
    p99Ratio: +(row.p99 / Math.max(healthz.p99, 1)).toFixed(2),
  }));
  const report = {
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    scale: { users, posts },
    connections,
    workers: values.workers,
    durationSeconds: duration,
    dbFileMb: Math.round(statSync(dbFile).size / 1024 / 1024),
    peakMemoryMb,
    scenarios: table,
    writeMix: { successes: ok, before, after, checks },
    legacyApiPosts: legacy,
    legacyApiPostsAfterWrites: legacyAfterWrites,
  };
  console.table(table);
  console.log(`write mix: ${JSON.stringify(ok)}; counts check: ${JSON.stringify(checks)}`);
  for (const refusal of refusals) console.log(`  refused: ${refusal}`);
  if (legacy && legacyAfterWrites)
    console.log(
      `GET /api/posts (${posts} posts): median ${legacy.medianMs} ms, max ${legacy.maxMs} ms;` +
        ` after the write mix: median ${legacyAfterWrites.medianMs} ms, max ${legacyAfterWrites.maxMs} ms`,
    );
  console.log(`SQLite file ${report.dbFileMb} MB; server peak private memory ${peakMemoryMb} MB`);
  const out = join(benchDir, `results-${users}-${posts}.json`);
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`Wrote ${out}`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(runFile + suffix, { force: true });
  if (!Object.values(checks).every(Boolean) || table.some((row) => row.errors > 0)) process.exitCode = 1;
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
