import { parseArgs } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import { appToken } from '../helpers/mastodon-token.js';
import { chooseFixtures, trpcQuery } from './scenarios.js';
import { defaultMbPerProcess, memoryPlan } from '../../src/server/memory-budget.js';

// `npm run bench:mastodon-home -- --db <a generated instance's file>` (a copy: it is migrated): the
// Latest home feed of the member who follows the most, as tRPC's posts.feed and as Mastodon's
// /api/v1/timelines/home (20 statuses), in alternating rounds through one app in this process; prints each
// one's mean CPU time a request (this process's: steadier than wall time on a shared machine; SQLite runs in
// it) and the ratio (docs/mastodon-api.md, "Pages").
const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    requests: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '4' },
  },
});
if (!values.db) throw new Error('--db names a copy of a generated instance (npm run bench makes one)');
const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';

const config = {
  port: 0,
  host: '127.0.0.1',
  dbPath: values.db,
  databaseUrl: undefined,
  databasePool: 10,
  jwtSecret: secret,
  logLevel: 'silent',
  rateLimit: false,
  workers: 1,
  requestsPer5Minutes: 1_000_000,
  legacyListLimit: 1000,
  trustProxy: [],
  connectionsPerAddress: 1000,
  demo: false,
  registration: 'open',
  publicOrigin: 'http://bench.example',
  push: { allowPrivateEndpoints: false, contact: undefined },
  media: {
    storage: { kind: 'folder', folder: mkdtempSync(join(tmpdir(), 'realm-bench-media-')) },
    maxBytes: 16 * 1024 * 1024,
    perPost: 4,
    quotaBytes: 1024 * 1024 * 1024,
    uploadsPerHour: 60,
    atOnce: undefined,
    memoryBytes: memoryPlan(defaultMbPerProcess, 1).picturesBytes,
  },
  mail: undefined,
  memoryBudgetMb: defaultMbPerProcess,
  memory: memoryPlan(defaultMbPerProcess, 1),
} satisfies Config & { jwtSecret: string };

async function main() {
  const { follower } = chooseFixtures(values.db!, 1);
  const store = await openSqliteStore(values.db!);
  const app = await buildApp({
    config,
    store,
    logger: false,
    mediaCleanupEveryMs: 0,
    serveBuiltClient: false,
  });
  await app.ready();
  const memberToken = await createTokenKeys(secret).sign({ _id: follower.id, username: follower.username });
  const bearer = `Bearer ${await appToken(app, memberToken, 'read')}`;
  const doors = {
    trpc: { url: trpcQuery('posts.feed', { mode: 'latest' }), authorization: memberToken },
    mastodon: { url: '/api/v1/timelines/home?limit=20', authorization: bearer },
  };
  const totals = { trpc: 0, mastodon: 0 };
  const requests = Number(values.requests);
  for (let round = 0; round < Number(values.rounds); round++) {
    const order: ('trpc' | 'mastodon')[] = round % 2 === 0 ? ['trpc', 'mastodon'] : ['mastodon', 'trpc'];
    for (const name of order) {
      const door = doors[name];
      const cpu = process.cpuUsage();
      for (let i = 0; i < requests; i++) {
        const res = await app.inject({ url: door.url, headers: { authorization: door.authorization } });
        if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
      }
      const used = process.cpuUsage(cpu);
      const ms = (used.user + used.system) / 1000 / requests;
      if (round > 0) totals[name] += ms; // the first round warms both
      console.log(`round ${round} ${name}: ${ms.toFixed(3)} ms CPU a request`);
    }
  }
  const rounds = Number(values.rounds) - 1;
  const [trpc, mastodon] = [totals.trpc / rounds, totals.mastodon / rounds];
  console.log(
    `tRPC ${trpc.toFixed(3)} ms, Mastodon ${mastodon.toFixed(3)} ms: ratio ${(mastodon / trpc).toFixed(2)}`,
  );
  await app.close();
  await store.close();
}

await main();
