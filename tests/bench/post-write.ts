import { copyFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createPost } from '../../src/server/domain/posts.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import { startBenchServer } from './server.js';

// What the indexes that triggers keep cost a post's write on SQLite (docs/performance.md, "Writing a post"),
// on a copy of a generated instance, in rounds of 50 posts, each round with one set of triggers dropped:
// none, search's (posts_fts_*), the home feed's streams' (feed_items_post_*), or both. The rounds alternate,
// so the machine's noise falls on all. Measured twice: `createPost` in-process (the post, its tags and
// mentions, one transaction), and as a member writes it, `POST /trpc/posts.create` one after another.
//
//   npm run bench:post-write -- --db data/bench/scale-10000-200000-boosts.db [--rounds 40]

const { values } = parseArgs({
  options: { db: { type: 'string' }, rounds: { type: 'string', default: '40' } },
});
if (!values.db) throw new Error('Usage: npx tsx tests/bench/post-write.ts --db FILE [--rounds N]');

const copy = `${values.db}.write-bench`;
const removeCopy = () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
};
const variants = {
  'all kept': [],
  'without search': ['posts_fts_%'],
  'without streams': ['feed_items_post_%'],
  'without both': ['posts_fts_%', 'feed_items_post_%'],
} as const;
type Variant = keyof typeof variants;

/** Sets the triggers of one variant on `db`: those it drops dropped, every other one there. */
function triggersFor(db: Database.Database) {
  const all = db
    .prepare(
      `select name, sql from sqlite_master where type = 'trigger'
       and (name like 'posts_fts_%' or name like 'feed_items_post_%')`,
    )
    .all() as { name: string; sql: string }[];
  const matches = (name: string, pattern: string) => name.startsWith(pattern.slice(0, -1));
  return (variant: Variant) => {
    for (const { name, sql } of all)
      db.exec(
        variants[variant].some((pattern) => matches(name, pattern))
          ? `drop trigger if exists ${name}`
          : sql.replace(/^CREATE TRIGGER/i, 'CREATE TRIGGER IF NOT EXISTS'),
      );
  };
}

/** Milliseconds a post, median of the rounds, per variant; `write` writes one post. */
async function measure(setTriggers: (variant: Variant) => void, write: (n: string) => Promise<void>) {
  const times = Object.fromEntries(Object.keys(variants).map((name) => [name, [] as number[]]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const variant of Object.keys(variants) as Variant[]) {
      setTriggers(variant);
      await write(`${round} warm`); // the first statements after a schema change are prepared again
      const started = performance.now();
      for (let i = 0; i < 50; i++) await write(`${round} ${i}`);
      times[variant]!.push((performance.now() - started) / 50);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = median(times['without both']!);
  for (const [name, xs] of Object.entries(times))
    console.log(
      `  ${name.padEnd(16)} ${median(xs).toFixed(3)} ms a post (+${((median(xs) / base - 1) * 100).toFixed(1)}%)`,
    );
}

const text = (n: string) => `A benchmark post ${n} about coffee by the river #bench`;

removeCopy();
copyFileSync(values.db, copy);
const store = await openSqliteStore(copy);
const db = store.db.$client;
const author = db.prepare('select id, username from users order by id limit 1').get() as {
  id: string;
  username: string;
};
console.log('createPost, in-process:');
await measure(triggersFor(db), async (n) => {
  await createPost(store, { ...author, role: 'member' }, text(n));
});
triggersFor(db)('all kept');
await store.close();

console.log('POST /trpc/posts.create, one after another:');
const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';
const token = await createTokenKeys(secret).sign({ _id: author.id, username: author.username });
const server = await startBenchServer({ REALM_JWT_SECRET: secret, REALM_DB: copy });
const side = new Database(copy);
try {
  await measure(triggersFor(side), async (n) => {
    const response = await fetch(`${server.url}/trpc/posts.create`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ content: text(n) }),
    });
    if (!response.ok) throw new Error(`posts.create answered ${response.status}`);
  });
} finally {
  side.close();
  await server.stop();
  removeCopy();
}
