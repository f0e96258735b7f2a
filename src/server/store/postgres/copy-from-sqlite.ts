import type Database from 'better-sqlite3';
import type pg from 'pg';
import { instanceTables } from '../sqlite/schema.js';
import { keepSharedSecret } from './instance-secret.js';
import { migratePostgres } from './migrate.js';

// Moving an instance from SQLite to PostgreSQL (`realm migrate-to-postgres`): every member's
// rows copied into an empty, migrated PostgreSQL database in one transaction, checked before it commits.

/** The stored counters, summed on both sides: a copy that lost or doubled a row cannot match them all. */
const counters = {
  users: ['follower_count'],
  posts: ['like_count', 'comment_count'],
} as const;

export type CopyReport = { rows: Record<string, number>; counters: Record<string, number> };

export class CopyRefused extends Error {}

/**
 * The rows PostgreSQL derives by triggers from posts and boosts (migrations/postgres 0016 and 0018). Row by
 * row during a copy they cost more than the copy itself: each post added one to its author's count, a new
 * version of the same row for each of the author's posts, kept until the copy commits, so a 100,000-post
 * instance took 20 s to copy its posts (6 s without the count's trigger). During the copy the triggers are
 * off, in its transaction only, and each derived table is written once from what was copied.
 */
const derived = {
  triggers: [
    ['posts', 'member_post_counts'],
    ['posts', 'feed_items_post'],
    ['boosts', 'feed_items_boost'],
  ],
  rebuild: [
    'insert into member_post_counts (member_id, n) select author_id, count(*) from posts group by author_id',
    `insert into feed_items (member_id, created_at, post_id, boost)
       select author_id, created_at, id, false from posts
       union all select user_id, created_at, post_id, true from boosts`,
  ],
} as const;

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement (users have 14 columns). */
const batchRows = 1000;

/** `jwtSecret`: the secret the SQLite instance signs tokens with (its `jwt-secret` file), to keep alongside. */
export async function copyFromSqlite(
  source: Database.Database,
  target: pg.Pool,
  options: { jwtSecret?: string } = {},
): Promise<CopyReport> {
  await migratePostgres(target);
  refuseNul(source);
  const client = await target.connect();
  try {
    await refuseNonEmpty(client);
    // One snapshot of the source (a read transaction: a running server's writes wait for the next copy)
    // and one transaction on the target: a failure anywhere leaves PostgreSQL as empty as it was.
    source.exec('begin');
    await client.query('begin');
    try {
      const rows: Record<string, number> = {};
      await setDerivedTriggers(client, 'disable');
      for (const table of instanceTables) rows[table] = await copyTable(source, client, table);
      for (const statement of derived.rebuild) await client.query(statement);
      await setDerivedTriggers(client, 'enable');
      // Inside the copy's transaction rather than after it: a copy that commits always holds the secret its
      // members' tokens need, and one that fails leaves nothing behind, so it can simply be run again.
      if (options.jwtSecret) await keepSharedSecret(client, options.jwtSecret);
      await copySecrets(source, client);
      const report = { rows, counters: await verify(source, client, rows) };
      await client.query('commit');
      return report;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      source.exec('commit');
    }
  } finally {
    client.release();
  }
}

/**
 * The secrets SQLite keeps in its database (the Web Push key pair), replacing any a node started on the
 * empty database made: the devices whose subscriptions were copied hold the SQLite instance's public key.
 */
async function copySecrets(source: Database.Database, client: pg.PoolClient) {
  const exists = source.prepare(
    "select 1 from sqlite_master where type = 'table' and name = 'instance_secrets'",
  );
  if (!exists.get()) return;
  const secrets = source.prepare('select name, value from instance_secrets').all() as {
    name: string;
    value: string;
  }[];
  for (const { name, value } of secrets) {
    await client.query(
      'insert into instance_secrets (name, value) values ($1, $2) on conflict (name) do update set value = excluded.value',
      [name, value],
    );
  }
}

/**
 * ALTER TABLE is transactional: a copy that fails leaves the triggers as they were. It needs the tables'
 * owner, the role that made them when this copy migrated the empty database.
 */
async function setDerivedTriggers(client: pg.PoolClient, state: 'enable' | 'disable') {
  for (const [table, trigger] of derived.triggers) {
    await client.query(`alter table ${table} ${state} trigger ${trigger}`);
  }
}

/** The columns a table stores (not the generated ones, which PostgreSQL computes itself). */
function storedColumns(source: Database.Database, table: string): string[] {
  const columns = source.prepare(`pragma table_xinfo(${table})`).all() as { name: string; hidden: number }[];
  return columns.filter((column) => column.hidden === 0).map((column) => column.name);
}

async function copyTable(source: Database.Database, client: pg.PoolClient, table: string): Promise<number> {
  const columns = storedColumns(source, table);
  const names = columns.map((column) => `"${column}"`).join(', ');
  let copied = 0;
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const placeholders = batch.map(
      (_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`,
    );
    await client.query(`insert into ${table} (${names}) values ${placeholders.join(', ')}`, batch.flat());
    copied += batch.length;
    batch = [];
  };
  // rowid order: the order the rows were written, which legacy lists use to break ties.
  for (const row of source.prepare(`select ${names} from ${table} order by rowid`).raw().iterate()) {
    batch.push(row as unknown[]);
    if (batch.length === batchRows) await flush();
  }
  await flush();
  return copied;
}

/** PostgreSQL cannot store U+0000; text written before Realm refused it may hold one. */
function refuseNul(source: Database.Database) {
  for (const table of instanceTables) {
    const columns = source.prepare(`pragma table_info(${table})`).all() as { name: string; type: string }[];
    for (const { name } of columns.filter((column) => column.type.toLowerCase() === 'text')) {
      const found = source
        .prepare(`select count(*) from ${table} where instr("${name}", char(0)) > 0`)
        .pluck()
        .get() as number;
      if (found > 0) {
        throw new CopyRefused(
          `${found} ${table}.${name} value(s) hold the NUL character (U+0000), which PostgreSQL cannot store. ` +
            `Remove it first, e.g. sqlite3 realm.db "update ${table} set ${name} = replace(${name}, char(0), '')".`,
        );
      }
    }
  }
}

async function refuseNonEmpty(client: pg.PoolClient) {
  for (const table of instanceTables) {
    const { rows } = await client.query(`select exists (select 1 from ${table}) as taken`);
    if (rows[0].taken) {
      throw new CopyRefused(
        `The PostgreSQL database already holds ${table}: copy into an empty database (createdb a new one).`,
      );
    }
  }
}

/** Row counts and counter sums, equal on both sides, or the copy is refused (and rolled back). */
async function verify(source: Database.Database, client: pg.PoolClient, copied: Record<string, number>) {
  const sums: Record<string, number> = {};
  for (const table of instanceTables) {
    const there = Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
    const here = source.prepare(`select count(*) from ${table}`).pluck().get() as number;
    if (there !== here || copied[table] !== here) {
      throw new Error(
        `The copy of ${table} holds ${there} rows, not the ${here} of SQLite: nothing was kept.`,
      );
    }
  }
  for (const [table, columns] of Object.entries(counters)) {
    for (const column of columns) {
      const there = Number(
        (await client.query(`select coalesce(sum(${column}), 0) as n from ${table}`)).rows[0].n,
      );
      const here = source.prepare(`select coalesce(sum(${column}), 0) from ${table}`).pluck().get() as number;
      if (there !== here) {
        throw new Error(`${table}.${column} sums to ${there} in the copy, not ${here}: nothing was kept.`);
      }
      sums[`${table}.${column}`] = here;
    }
  }
  return sums;
}
