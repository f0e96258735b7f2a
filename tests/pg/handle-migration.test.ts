import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../src/server/domain/passwords.js';
import { paths } from '../../src/server/paths.js';
import { migratePostgres } from '../../src/server/store/postgres/migrate.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import {
  expectMigrated,
  formerRowsQuery,
  migratedRowsQuery,
  migrationsBefore,
  oldMembers,
  oldPassword,
  oldRow,
} from '../helpers/handle-migration.js';
import { emptyDatabase } from '../helpers/postgres.js';

// PostgreSQL: migration 0025_handles on a database the app wrote before handles (SQLite:
// tests/server/handle-migration.test.ts).

let store: PostgresStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

/** A database migrated up to 0022, holding these members as the app then wrote them. */
async function instanceBeforeHandles(usernames: string[]): Promise<string> {
  const url = await emptyDatabase(inject('postgresAdminUrl'));
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migratePostgres(pool, migrationsBefore(paths.postgresMigrations, '0022_apps_never_authorized'));
    const hash = await hashPassword(oldPassword);
    const rows = usernames.map((name, i) => oldRow(name, i, hash));
    const columns = Object.keys(rows[0]!);
    await pool.query(
      `insert into users (${columns.join(', ')})
       select ${columns.join(', ')} from json_populate_recordset(null::users, $1::json)`,
      [JSON.stringify(rows)],
    );
  } finally {
    await pool.end();
  }
  return url;
}

async function read(opened: PostgresStore) {
  const rows = (await opened.pool.query(migratedRowsQuery)).rows;
  const former = (await opened.pool.query(formerRowsQuery)).rows;
  return { rows, former };
}

async function open(url: string) {
  const opened = openPostgresStore({ url, poolSize: 2 });
  await migratePostgres(opened.pool);
  return opened;
}

describe('migration 0025_handles on PostgreSQL', () => {
  it('gives each member a handle, keeps an email-like username as the email, and every old name signs in', async () => {
    const url = await instanceBeforeHandles(oldMembers.map((member) => member.username));
    store = await open(url);
    const first = await read(store);
    await expectMigrated(store, first.rows, first.former);
    await store.close();
    // Idempotent: started again, nothing changes.
    store = await open(url);
    expect(await read(store)).toEqual(first);
  });

  it('makes the handles of 10,000 members with email-like usernames in a few seconds at most', async () => {
    const url = await instanceBeforeHandles(
      Array.from({ length: 10_000 }, (_, i) => `member.${i % 500}+${i}@example.com`),
    );
    const started = performance.now();
    store = await open(url);
    expect(performance.now() - started).toBeLessThan(5000);
    const { rows } = await store.pool.query(
      `select count(distinct username_key)::int as n, count(email)::int as e,
         count(*) filter (where username !~ '^[A-Za-z0-9_]{1,30}$')::int as bad from users`,
    );
    expect(rows).toEqual([{ n: 10_000, e: 10_000, bad: 0 }]);
  }, 60_000);
});
