import { copyFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createPost } from '../../src/server/domain/posts.js';
import { searchPosts } from '../../src/server/domain/search.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { openPostgresStore } from '../../src/server/store/postgres/index.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import type { Store } from '../../src/server/store/store.js';
import { startTestPostgres } from '../helpers/postgres.js';

// Search's speed on a generated instance (docs/performance.md, "Search"), in-process: p50 and p99 of a page
// of results (both statements, as search.posts runs them) for a common word, three common words, a phrase
// and a word no post has; then what the index adds to writing a post, with and without it, alternating.
//
//   npm run seed:scale -- --db /tmp/scale.db          (1,000,000 posts; about two minutes)
//   npx tsx tests/bench/search.ts --db /tmp/scale.db [--engine sqlite|postgres|both] [--runs 200]
//
// The file is copied first (opening migrates it, which builds the index); it is never written.

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    engine: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '200' },
    writes: { type: 'string', default: '400' },
  },
});
if (!values.db)
  throw new Error('Usage: npx tsx tests/bench/search.ts --db FILE [--engine sqlite|postgres|both]');
const runs = Number(values.runs);
const writes = Number(values.writes);
const queries = ['coffee', 'coffee river train', '"morning coffee"', 'zeppelin'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function timeQueries(store: Store, viewerId: string) {
  for (const q of queries) {
    for (let i = 0; i < 20; i++) await searchPosts(store, viewerId, { q }); // warm up
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      found = (await searchPosts(store, viewerId, { q })).items.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${q.padEnd(20)} p50 ${percentile(times, 0.5).toFixed(2)} ms  p99 ${percentile(times, 0.99).toFixed(2)} ms  (${found} on the page)`,
    );
  }
}

/** Mean milliseconds of writing a post in rounds of 50, `on` and `off` alternating round by round. */
async function timeWrites(
  store: Store,
  actor: { id: string; username: string },
  on: () => Promise<void>,
  off: () => Promise<void>,
) {
  const totals = { with: 0, without: 0 };
  const member = { ...actor, role: 'member' as const };
  for (let round = 0; round < writes / 50; round++) {
    const withIndex = round % 2 === 0;
    await (withIndex ? on() : off());
    const started = performance.now();
    for (let i = 0; i < 50; i++) {
      await createPost(store, member, `A benchmark post ${round} ${i} about coffee by the river #bench`);
    }
    totals[withIndex ? 'with' : 'without'] += performance.now() - started;
  }
  const each = { with: totals.with / (writes / 2), without: totals.without / (writes / 2) };
  console.log(
    `  writing a post: ${each.with.toFixed(3)} ms with the index, ${each.without.toFixed(3)} ms without (+${((each.with / each.without - 1) * 100).toFixed(1)}%)`,
  );
}

const sqliteTriggers = (db: Database.Database) =>
  (
    db.prepare(`select sql from sqlite_master where type = 'trigger' and name like 'posts_fts_%'`).all() as {
      sql: string;
    }[]
  ).map((row) => row.sql);

async function sqlite(file: string) {
  const copy = `${file}.search-bench`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  copyFileSync(file, copy);
  const started = performance.now();
  const store = openSqliteStore(copy);
  console.log(
    `SQLite: opened and migrated (index built if new) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const db = store.db.$client;
  const viewer = db.prepare('select id, username from users order by id limit 1').get() as {
    id: string;
    username: string;
  };
  await timeQueries(store, viewer.id);
  const triggers = sqliteTriggers(db);
  await timeWrites(
    store,
    viewer,
    async () => {
      for (const sql of triggers) db.exec(sql.replace(/^CREATE TRIGGER/i, 'CREATE TRIGGER IF NOT EXISTS'));
    },
    async () => {
      for (const name of ['insert', 'update', 'delete']) db.exec(`drop trigger if exists posts_fts_${name}`);
    },
  );
  await store.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
}

async function postgres(file: string) {
  const server = await startTestPostgres({ durable: true });
  try {
    const url = new URL(server.adminUrl);
    url.pathname = '/realm_search_bench';
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query('drop database if exists realm_search_bench');
    await admin.query('create database realm_search_bench');
    await admin.end();
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const source = new Database(file, { readonly: true });
    const started = performance.now();
    await copyFromSqlite(source, pool);
    await pool.query('vacuum analyze');
    source.close();
    await pool.end();
    console.log(
      `PostgreSQL: copied (realm migrate-to-postgres) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const store = openPostgresStore({ url: url.toString(), poolSize: 4 });
    const { rows } = await store.pool.query<{ id: string; username: string }>(
      'select id, username from users order by id limit 1',
    );
    await timeQueries(store, rows[0]!.id);
    // The index cannot be set aside and back cheaply (the column is recomputed for every post), so here
    // the rounds with the index come first, then the column is dropped.
    await timeBatch(store, rows[0]!, 100); // warm up: caches, and autovacuum after the copy
    const before = await timeBatch(store, rows[0]!, writes / 2);
    await store.pool.query('alter table posts drop column search');
    const after = await timeBatch(store, rows[0]!, writes / 2);
    console.log(
      `  writing a post: ${before.toFixed(3)} ms with the index, ${after.toFixed(3)} ms without (+${((before / after - 1) * 100).toFixed(1)}%)`,
    );
    await store.close();
  } finally {
    await server.stop();
  }
}

async function timeBatch(store: Store, actor: { id: string; username: string }, n: number) {
  const member = { ...actor, role: 'member' as const };
  const started = performance.now();
  for (let i = 0; i < n; i++)
    await createPost(store, member, `A benchmark post ${i} about coffee by the river #bench`);
  return (performance.now() - started) / n;
}

if (values.engine !== 'postgres') await sqlite(values.db);
if (values.engine !== 'sqlite') await postgres(values.db);
