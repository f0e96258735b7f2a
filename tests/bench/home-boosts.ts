import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { generateScale } from '../../seed/scale.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { paths } from '../../src/server/paths.js';
import { closeDatabase, openDatabase } from '../../src/server/store/sqlite/client.js';
import { chooseFixtures, trpcQuery } from './scenarios.js';
import { startBenchServer } from './server.js';

// `npm run bench:home-boosts -- --base <commit> [--users N] [--posts M] [--duration S] [--rounds R]`: the
// Latest home feed of the member who follows the most (200), served by the code before boosts (`--base`,
// checked out beside this one) and by this code, on copies of one generated instance with boosts (5% of
// posts, seed/scale.ts), in alternating rounds. The code before boosts reads the same posts and ignores the
// boosts table: "today's home feed"; the ratio is what boosts cost (docs/performance.md).
const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    users: { type: 'string', default: '10000' },
    posts: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string', default: '1' },
  },
});
if (!values.base) throw new Error('--base names the commit to compare with (the code before boosts)');
const users = Number(values.users);
const posts = Number(values.posts);
const benchDir = join(paths.root, 'data', 'bench');
const dbFile = join(benchDir, `scale-${users}-${posts}-boosts.db`);
const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';

/** The base commit's files in a folder of their own, using this checkout's node_modules. */
function checkOut(commit: string): string {
  const dir = join(benchDir, `base-${commit}`);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', commit], { cwd: paths.root, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    symlinkSync(join(paths.root, 'node_modules'), join(dir, 'node_modules'));
  }
  return dir;
}

async function main() {
  mkdirSync(benchDir, { recursive: true });
  if (!existsSync(dbFile)) {
    console.log(`Generating ${users} members and ${posts} posts into ${dbFile}...`);
    const db = openDatabase(dbFile);
    const report = await generateScale(db, { users, posts }, (line) => console.log(`  ${line}`));
    closeDatabase(db);
    console.log(`  ${report.rowsPerSecond} rows/s, ${report.seconds.toFixed(1)} s`);
  }
  const base = checkOut(values.base!);
  const { follower } = chooseFixtures(dbFile, 1);
  const token = await createTokenKeys(secret).sign({ _id: follower.id, username: follower.username });
  const path = trpcQuery('posts.feed', { mode: 'latest' });
  const results: Record<'today' | 'boosts', number[]> = { today: [], boosts: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [label, root] of [
      ['today', base],
      ['boosts', paths.root],
    ] as const) {
      const runFile = `${dbFile}.run`;
      for (const suffix of ['', '-wal', '-shm']) rmSync(runFile + suffix, { force: true });
      copyFileSync(dbFile, runFile);
      const env = { REALM_JWT_SECRET: secret, REALM_DB: runFile, REALM_WORKERS: values.workers! };
      const server = await startBenchServer(env, [], root);
      try {
        const run = (duration: number) =>
          autocannon({
            url: server.url + path,
            connections: Number(values.connections),
            duration,
            headers: { authorization: token },
          });
        await run(2); // warm-up, not counted
        const result = await run(Number(values.duration));
        if (result.non2xx + result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers`);
        results[label].push(Math.round(result.requests.average));
        console.log(
          `round ${round + 1}, ${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const today = median(results.today);
  const boosts = median(results.boosts);
  console.log(
    `home feed, Latest (${follower.follows} followed): today ${today} req/s, with boosts ${boosts} req/s (${(((boosts - today) / today) * 100).toFixed(1)}%)`,
  );
}

await main();
