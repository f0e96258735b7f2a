import { copyFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createMember } from '../../seed/factories.js';
import { createPost } from '../../src/server/domain/posts.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { migratePostgres } from '../../src/server/store/postgres/migrate.js';
import { openPostgresStore } from '../../src/server/store/postgres/index.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import type { Store } from '../../src/server/store/store.js';
import { startTestPostgres } from '../helpers/postgres.js';
import { startBenchServer } from './server.js';

// What the indexes kept with each post cost its write (docs/performance.md, "Writing a post"): search's and
// the home feed's streams' (feed_items). Rounds of 50 posts, each round with one of them set aside: none,
// search, the streams, or both; the rounds alternate, so the machine's noise falls on all. Measured twice:
// `createPost` in-process (the post, its tags and mentions, one transaction), and as a member writes it,
// `POST /trpc/posts.create` one after another.
// - SQLite, on a copy of a generated instance: each index is a set of triggers, dropped and made again.
// - PostgreSQL, on an empty database (one member writing): search is the generated `search` column and its
//   GIN index, dropped and added again (cheap while the posts are few); the streams' trigger is disabled.
//
//   npm run bench:post-write -- --db data/bench/scale-10000-200000-boosts.db [--engine sqlite|postgres|both]

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    engine: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '30' },
  },
});

const variants = ['all kept', 'without search', 'without streams', 'without both'] as const;
type Variant = (typeof variants)[number];
const drops = (variant: Variant, index: 'search' | 'streams') =>
  variant === 'without both' || variant === `without ${index}`;

/** Milliseconds a post, median of the rounds, per variant; `write` writes one post. */
async function measure(
  label: string,
  set: (variant: Variant) => Promise<void>,
  write: (n: string) => Promise<void>,
) {
  const times = Object.fromEntries(variants.map((name) => [name, [] as number[]]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const variant of variants) {
      await set(variant);
      await write(`${round} warm`); // the first statements after a schema change are prepared again
      const started = performance.now();
      for (let i = 0; i < 50; i++) await write(`${round} ${i}`);
      times[variant]!.push((performance.now() - started) / 50);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = median(times['without both']!);
  console.log(`  ${label}:`);
  for (const [name, xs] of Object.entries(times))
    console.log(
      `    ${name.padEnd(16)} ${median(xs).toFixed(3)} ms a post (+${((median(xs) / base - 1) * 100).toFixed(1)}%)`,
    );
}

const text = (n: string) => `A benchmark post ${n} about coffee by the river #bench`;
const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';
type Author = { id: string; username: string };

/** Both measurements: in-process on `store`, then over HTTP from a server started with `env`. */
async function both(
  store: Store,
  author: Author,
  set: (variant: Variant) => Promise<void>,
  env: Record<string, string>,
) {
  await measure('createPost, in-process', set, async (n) => {
    await createPost(store, { ...author, role: 'member' }, text(n));
  });
  await set('all kept');
  await store.close();
  const token = await createTokenKeys(secret).sign({ _id: author.id, username: author.username });
  const server = await startBenchServer({ REALM_JWT_SECRET: secret, ...env });
  try {
    await measure('POST /trpc/posts.create, one after another', set, async (n) => {
      const response = await fetch(`${server.url}/trpc/posts.create`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ content: text(n) }),
      });
      if (!response.ok) throw new Error(`posts.create answered ${response.status}`);
    });
  } finally {
    await server.stop();
  }
}

async function sqlite(file: string) {
  const copy = `${file}.write-bench`;
  const removeCopy = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  };
  removeCopy();
  copyFileSync(file, copy);
  const store = openSqliteStore(copy);
  // The triggers are set from a connection of their own, which the server's sees change too.
  const side = new Database(copy);
  const triggers = side
    .prepare(
      `select name, sql from sqlite_master where type = 'trigger'
       and (name like 'posts_fts_%' or name like 'feed_items_post_%')`,
    )
    .all() as { name: string; sql: string }[];
  const set = async (variant: Variant) => {
    for (const { name, sql } of triggers)
      side.exec(
        drops(variant, name.startsWith('posts_fts_') ? 'search' : 'streams')
          ? `drop trigger if exists ${name}`
          : sql.replace(/^CREATE TRIGGER/i, 'CREATE TRIGGER IF NOT EXISTS'),
      );
  };
  const author = side.prepare('select id, username from users order by id limit 1').get() as Author;
  console.log(`SQLite (${file}):`);
  try {
    await both(store, author, set, { REALM_DB: copy });
  } finally {
    side.close();
    removeCopy();
  }
}

async function postgres() {
  const server = await startTestPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query('drop database if exists realm_write_bench');
    await admin.query('create database realm_write_bench');
    await admin.end();
    const url = new URL(server.adminUrl);
    url.pathname = '/realm_write_bench';
    const side = new pg.Pool({ connectionString: url.toString(), max: 1 });
    await migratePostgres(side);
    const store = openPostgresStore({ url: url.toString(), poolSize: 4 });
    const author = await createMember(store);
    let search = true;
    const set = async (variant: Variant) => {
      const keep = !drops(variant, 'search');
      if (keep !== search) {
        await side.query(
          keep
            ? `alter table posts add column search tsvector generated always as
                 (to_tsvector('simple'::regconfig, realm_search_text(content))) stored;
               create index posts_search_idx on posts using gin (search)`
            : 'alter table posts drop column search',
        );
        search = keep;
      }
      await side.query(
        `alter table posts ${drops(variant, 'streams') ? 'disable' : 'enable'} trigger feed_items_post`,
      );
    };
    console.log('PostgreSQL (an empty database, one member writing):');
    try {
      await both(store, author, set, { REALM_DATABASE_URL: url.toString() });
    } finally {
      await side.end();
    }
  } finally {
    await server.stop();
  }
}

if (values.engine !== 'postgres') {
  if (!values.db)
    throw new Error('Usage: npm run bench:post-write -- --db FILE [--engine sqlite|postgres|both]');
  await sqlite(values.db);
}
if (values.engine !== 'sqlite') await postgres();
