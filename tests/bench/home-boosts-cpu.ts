import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { paths } from '../../src/server/paths.js';
import { chooseFixtures } from './scenarios.js';

// `npm run bench:home-boosts-cpu -- --base <commit>` (after bench:home-boosts made the instance and the checkout): the same comparison as home-boosts.ts, in one process
// and by CPU time (process.cpuUsage), so that other work on the machine weighs less than in req/s. Both the
// code before boosts (the `--base` checkout home-boosts.ts made) and this code open the same generated
// instance read-only, and read the follower's first Latest page (ids and cards), in alternating batches.
const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    users: { type: 'string', default: '10000' },
    posts: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '101' },
    batch: { type: 'string', default: '20' },
  },
});
const benchDir = join(paths.root, 'data', 'bench');
const dbFile = join(benchDir, `scale-${values.users}-${values.posts}-boosts.db`);
type Page = (store: unknown, viewerId: string, input: { mode: 'latest' }) => Promise<unknown>;
type Opened = { close(): Promise<void> };

async function load(root: string) {
  const store = (await import(join(root, 'src/server/store/sqlite/index.ts'))) as {
    openSqliteStore(file: string): Promise<Opened>;
  };
  const cards = (await import(join(root, 'src/server/domain/post-cards.ts'))) as { homeFeedPage: Page };
  return { store: await store.openSqliteStore(dbFile), page: cards.homeFeedPage };
}

const { follower } = chooseFixtures(dbFile, 1);
const today = await load(join(benchDir, `base-${values.base}`));
const boosts = await load(paths.root);
const times: Record<'today' | 'boosts', number[]> = { today: [], boosts: [] };
const batch = Number(values.batch);
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [label, side] of [
    ['today', today],
    ['boosts', boosts],
  ] as const) {
    const start = process.cpuUsage();
    for (let i = 0; i < batch; i++) await side.page(side.store, follower.id, { mode: 'latest' });
    const used = process.cpuUsage(start);
    times[label].push((used.user + used.system) / batch);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const [a, b] = [median(times.today), median(times.boosts)];
console.log(
  `home feed, Latest, first page (${follower.follows} followed), CPU per page: today ${(a / 1000).toFixed(3)} ms, ` +
    `with boosts ${(b / 1000).toFixed(3)} ms (${(((b - a) / a) * 100).toFixed(1)}%), ${values.rounds} alternating rounds of ${batch}`,
);
await today.store.close();
await boosts.store.close();
