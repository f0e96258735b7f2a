import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/domain/passwords.js';
import { paths } from '../../src/server/paths.js';
import { nativeBindingOption } from '../../src/server/store/sqlite/native-binding.js';
import { openSqliteStore, type SqliteStore } from '../../src/server/store/sqlite/index.js';
import {
  expectMigrated,
  formerRowsQuery,
  migratedRowsQuery,
  migrationsBefore,
  oldMembers,
  oldPassword,
  oldRow,
} from '../helpers/handle-migration.js';

// SQLite: migration 0026_handles on a file the app wrote before handles (PostgreSQL: tests/pg/handle-migration).

let dir: string;
let store: SqliteStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A database file migrated up to 0023, holding these members as the app then wrote them. */
async function instanceBeforeHandles(usernames: string[]): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'realm-handles-'));
  const file = join(dir, 'realm.db');
  const sqlite = new Database(file, nativeBindingOption());
  migrate(drizzle(sqlite), {
    migrationsFolder: migrationsBefore(paths.migrations, '0023_apps_never_authorized'),
  });
  const hash = await hashPassword(oldPassword);
  const insert = sqlite.prepare(
    `insert into users (id, username, username_key, username_skeleton, search_username, search_name, search_last,
       first_name, last_name, password_hash, created_at, updated_at)
     values (:id, :username, :username_key, :username_skeleton, :search_username, :search_name, :search_last,
       :first_name, :last_name, :password_hash, :created_at, :updated_at)`,
  );
  sqlite.transaction(() => usernames.forEach((name, i) => insert.run(oldRow(name, i, hash))))();
  sqlite.close();
  return file;
}

const read = (opened: SqliteStore) => ({
  rows: opened.db.$client.prepare(migratedRowsQuery).all() as never,
  former: opened.db.$client.prepare(formerRowsQuery).all() as never,
});

describe('migration 0026_handles on SQLite', () => {
  it('gives each member a handle, keeps an email-like username as the email, and every old name signs in', async () => {
    const file = await instanceBeforeHandles(oldMembers.map((member) => member.username));
    store = openSqliteStore(file);
    const first = read(store);
    await expectMigrated(store, first.rows, first.former);
    await store.close();
    // Idempotent: opened again, nothing changes.
    store = openSqliteStore(file);
    expect(read(store)).toEqual(first);
  });

  it('makes the handles of 10,000 members with email-like usernames in a few seconds at most', async () => {
    const file = await instanceBeforeHandles(
      Array.from({ length: 10_000 }, (_, i) => `member.${i % 500}+${i}@example.com`),
    );
    const started = performance.now();
    store = openSqliteStore(file);
    expect(performance.now() - started).toBeLessThan(5000);
    const handles = store.db.$client
      .prepare('select count(distinct username_key) as n, count(email) as e from users')
      .get();
    expect(handles).toEqual({ n: 10_000, e: 10_000 });
    const bad = store.db.$client
      .prepare(
        "select count(*) as n from users where username glob '*[^A-Za-z0-9_]*' or length(username) > 30",
      )
      .get();
    expect(bad).toEqual({ n: 0 });
  }, 30_000);
});
