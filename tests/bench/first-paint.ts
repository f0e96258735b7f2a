import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateScale, scalePassword } from '../../seed/scale.js';
import { paths } from '../../src/server/paths.js';
import { closeDatabase, openDatabase } from '../../src/server/store/sqlite/client.js';
import { launchBrowser } from '../e2e/browser.js';
import { startRealm } from '../helpers/realm-program.js';
import { coldLoad, summary, type Load, type Session } from './first-paint-probe.js';
import { freshCopy } from './instance.js';
import { chooseFixtures } from './scenarios.js';

// `npm run bench:first-paint -- [--users 10000] [--posts 1000000] [--runs 10] [--cache DIR]`: how long a
// cold load takes to show its first post (docs/performance.md, "First post on screen"), in Chromium, against
// the compiled server on a generated instance.
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    posts: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '10' },
    cache: { type: 'string', default: join(tmpdir(), 'realm-first-paint-cache') },
  },
});
const users = Number(values.users);
const posts = Number(values.posts);
const runs = Number(values.runs);

/** The generated instance, kept in the cache folder: generating 1M posts takes minutes, reusing it none. */
async function cachedInstance(): Promise<string> {
  mkdirSync(values.cache, { recursive: true });
  chmodSync(values.cache, 0o700);
  const file = join(values.cache, `scale-${users}-${posts}.db`);
  if (existsSync(file)) return file;
  console.log(`Generating ${users} members and ${posts} posts into ${file}...`);
  const partial = `${file}.partial`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  const db = openDatabase(partial);
  await generateScale(db, { users, posts }, (line) => console.log(`  ${line}`));
  closeDatabase(db);
  renameSync(partial, file);
  return file;
}

async function signIn(url: string, username: string): Promise<Session> {
  const response = await fetch(`${url}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: scalePassword }),
  });
  const body = (await response.json()) as { result: { data: Session } };
  return { token: body.result.data.token, user: body.result.data.user };
}

const dbFile = await cachedInstance();
const fixtures = chooseFixtures(dbFile, 0);
console.log('Building the client and the server (when out of date)...');
execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: paths.root, stdio: 'inherit' });
const copy = freshCopy(dbFile, 'first-paint');
const server = await startRealm([], {
  kind: 'compiled',
  cwd: values.cache,
  env: { REALM_DB: copy.file, REALM_RATE_LIMIT: 'off' },
});
const browser = await launchBrowser();
try {
  const session = await signIn(server.url, fixtures.follower.username);
  const pages: [string, string][] = [
    [`home (${fixtures.follower.follows} followed)`, '/'],
    ['explore', '/explore'],
    [
      `profile (${fixtures.popular.followers} followers)`,
      `/profile/${encodeURIComponent(fixtures.popular.username)}`,
    ],
    ['post', `/post/${fixtures.post}`],
  ];
  console.log(
    `\n${users} members, ${posts} posts; ${runs} cold loads per page and way, alternating (after one of each ` +
      'not counted). "bare": without the page cookie, so the app asks for the data once its bundle has run, ' +
      'as before the server drew pages; "drawn": the first screen comes drawn in the page.',
  );
  console.log(
    `${'page'.padEnd(34)}${'first post: median / p90'.padEnd(27)}` +
      'medians: html, bundle, app start; data start / end; main thread CPU until the first post',
  );
  const ms = (v: number) => `${Math.round(v)} ms`;
  for (const [name, path] of pages) {
    const loads: Record<'bare' | 'drawn', Load[]> = { bare: [], drawn: [] };
    for (let i = -1; i < runs; i++) {
      for (const way of ['bare', 'drawn'] as const) {
        const load = await coldLoad(browser, server.url + path, session, way === 'drawn');
        if (i >= 0) loads[way].push(load);
      }
    }
    for (const way of ['bare', 'drawn'] as const) {
      const first = summary(loads[way].map((l) => l.firstPost));
      const med = (pick: (l: Load) => number) => ms(summary(loads[way].map(pick)).median);
      console.log(
        `${`${name}, ${way}`.padEnd(34)}${`${ms(first.median)} / ${ms(first.p90)}`.padEnd(27)}` +
          `${[med((l) => l.htmlEnd), med((l) => l.bundleEnd), med((l) => l.appStart)].join(', ')}; ` +
          `${med((l) => l.dataStart)} / ${med((l) => l.dataEnd)}` +
          `; CPU ${med((l) => l.mainThreadMs)} (JS ${med((l) => l.scriptMs)})` +
          ` (first-page requests: ${Math.max(...loads[way].map((l) => l.postRequests))})`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
  copy.remove();
}
