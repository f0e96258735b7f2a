import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { instanceTables } from '../../src/server/store/sqlite/schema.js';
import { expectUsageError, query, realm, tempFolder } from '../cli/cli-helpers.js';
import { emptyDatabase } from '../helpers/postgres.js';
import { startRealm } from '../helpers/realm-program.js';

// `realm migrate-to-postgres`, run as a process, the way an operator runs it (docs/self-hosting.md).

const adminUrl = () => inject('postgresAdminUrl');

async function inPostgres<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const countsInPostgres = async (url: string) => {
  const counts: Record<string, number> = {};
  for (const table of instanceTables)
    counts[table] = Number((await inPostgres<{ n: string }>(url, `select count(*) n from ${table}`))[0]!.n);
  return counts;
};
const countsInSqlite = (folder: string) =>
  Object.fromEntries(
    instanceTables.map((table) => [
      table,
      query<{ n: number }>(folder, `select count(*) n from ${table}`)[0]!.n,
    ]),
  );
const secretsIn = (url: string) => inPostgres(url, 'select name, value from instance_secrets order by name');
const tablesIn = async (url: string) =>
  Number(
    (await inPostgres<{ n: string }>(url, "select count(*) n from pg_tables where schemaname = 'public'"))[0]!
      .n,
  );
/**
 * The database file's bytes and the other files of its folder: the same before and after means the copy only
 * read. SQLite's `-wal` and `-shm` are left out: a read-only connection to a WAL database creates them (with
 * the database file's mode) and cannot remove them; the `-wal` must stay empty.
 */
const stateOf = (folder: string) => ({
  files: readdirSync(folder)
    .filter((file) => !/-(wal|shm)$/.test(file))
    .sort(),
  database: createHash('sha256')
    .update(readFileSync(join(folder, 'realm.db')))
    .digest('hex'),
  wal: existsSync(join(folder, 'realm.db-wal')) ? statSync(join(folder, 'realm.db-wal')).size : 0,
});

let demo: string;
beforeAll(async () => {
  demo = tempFolder('demo');
  expect((await realm(['seed', '--demo', '--data', demo])).code).toBe(0);
}, 60_000);
/** A data folder of its own holding the demo instance, as `realm seed --demo` leaves it (no token secret). */
function demoInstance(): string {
  const folder = tempFolder('instance');
  copyFileSync(join(demo, 'realm.db'), join(folder, 'realm.db'));
  return folder;
}

const migrateToPostgres = (args: string[], env: Record<string, string> = {}) =>
  realm(['migrate-to-postgres', ...args], { env });

/** A failure: exit 1, nothing on standard output unless said, one line on standard error. */
function expectOneLineFailure(result: { code: number | null; stdout: string; stderr: string }, stdout = '') {
  expect({
    code: result.code,
    stdout: result.stdout,
    lines: result.stderr.trimEnd().split('\n').length,
  }).toEqual({ code: 1, stdout, lines: 1 });
  return result.stderr;
}

describe('realm migrate-to-postgres (PostgreSQL only)', () => {
  it('copies a stopped instance whole with its token secret, says what it did, and never copies twice', async () => {
    const folder = tempFolder('served');
    const server = await startRealm(['--demo', '--data', folder]);
    expect(await server.stop()).toBe(0);
    const secret = readFileSync(join(folder, 'jwt-secret'), 'utf8').trim();
    // The Web Push key pair, as the instance made it when a member first turned notifications on.
    const vapid = { name: 'vapid', value: '{"publicKey":"BPub","privateKey":"priv"}' };
    const file = new Database(join(folder, 'realm.db'));
    file.prepare('insert into instance_secrets (name, value) values (?, ?)').run(vapid.name, vapid.value);
    file.close();
    const before = stateOf(folder);
    const url = await emptyDatabase(adminUrl());

    const copied = await migrateToPostgres(['--to', url, '--data', folder]);
    expect(copied).toMatchObject({ code: 0, stderr: '' });
    const counts = countsInSqlite(folder);
    expect(counts.users).toBeGreaterThan(1);
    expect(counts.posts).toBeGreaterThan(1);
    expect(counts.comments).toBeGreaterThan(1);
    for (const [table, rows] of Object.entries(counts))
      expect(copied.stdout).toMatch(new RegExp(`^  ${table} +${rows} rows?$`, 'm'));
    const [sums] = query<Record<string, number>>(
      folder,
      'select (select sum(follower_count) from users) followers, (select sum(like_count) from posts) likes, (select sum(comment_count) from posts) comments',
    );
    expect(copied.stdout).toContain(
      `users.follower_count ${sums!.followers}, posts.like_count ${sums!.likes}, posts.comment_count ${sums!.comments}`,
    );
    expect(copied.stdout).toMatch(/^Copied in \d+\.\d s/m);
    expect(copied.stdout).toContain('went along: members stay signed in');
    expect(copied.stdout).toContain(`REALM_DATABASE_URL=${url}`);

    expect(await countsInPostgres(url)).toEqual(counts);
    expect(await secretsIn(url)).toEqual([{ name: 'jwt', value: secret }, vapid]);
    expect(stateOf(folder)).toEqual(before); // the SQLite instance was only read

    // Into the database that now holds the instance: refused, and nothing in it changes.
    const again = await migrateToPostgres(['--to', url, '--data', folder]);
    expect(expectOneLineFailure(again, again.stdout)).toContain(
      'already holds users: copy into an empty database',
    );
    expect(await countsInPostgres(url)).toEqual(counts);
    expect(await secretsIn(url)).toEqual([{ name: 'jwt', value: secret }, vapid]);
  }, 120_000);

  it('says that REALM_JWT_SECRET must be set on the PostgreSQL nodes when the instance keeps no secret', async () => {
    const withoutFile = demoInstance();
    const withVariable = demoInstance();
    writeFileSync(join(withVariable, 'jwt-secret'), `${'f'.repeat(48)}\n`);
    const [urlA, urlB] = await Promise.all([emptyDatabase(adminUrl()), emptyDatabase(adminUrl())]);
    const [noFile, variable] = await Promise.all([
      migrateToPostgres(['--to', urlA, '--data', withoutFile]),
      migrateToPostgres(['--to', urlB, '--data', withVariable], { REALM_JWT_SECRET: 'v'.repeat(40) }),
    ]);
    expect(noFile).toMatchObject({ code: 0, stderr: '' });
    expect(noFile.stdout).toContain(`There is no ${join(withoutFile, 'jwt-secret')}`);
    expect(noFile.stdout).toContain('set the same REALM_JWT_SECRET on the PostgreSQL nodes too');
    expect(existsSync(join(withoutFile, 'jwt-secret'))).toBe(false); // no secret made up on the way
    expect(variable).toMatchObject({ code: 0, stderr: '' });
    expect(variable.stdout).toContain('REALM_JWT_SECRET is set');
    expect(variable.stdout).toContain('set the same REALM_JWT_SECRET on the PostgreSQL nodes too');
    expect(await secretsIn(urlA)).toEqual([]);
    expect(await secretsIn(urlB)).toEqual([]);
    expect(await countsInPostgres(urlA)).toEqual(countsInSqlite(withoutFile));
  }, 60_000);

  it('refuses a command line without --to, or with a URL that is not PostgreSQL, in one line (exit 2)', async () => {
    const [missing, noValue, mysql, notUrl] = await Promise.all([
      expectUsageError(['migrate-to-postgres', '--data', demo]),
      expectUsageError(['migrate-to-postgres', '--to']),
      expectUsageError([
        'migrate-to-postgres',
        '--to',
        'mysql://root:Mysql-Secret-7@db/realm',
        '--data',
        demo,
      ]),
      expectUsageError([
        'migrate-to-postgres',
        '--to',
        'postgres://realm:Port-Secret-5@host:99999/db',
        '--data',
        demo,
      ]),
    ]);
    expect(missing).toContain('migrate-to-postgres needs --to postgres://');
    expect(noValue).toContain('option --to needs a value');
    expect(mysql).toContain('--to must be a postgres:// or postgresql:// URL, not mysql://');
    expect(mysql).not.toContain('Mysql-Secret-7');
    expect(notUrl).toContain('--to must be a URL like postgres://');
    expect(notUrl).not.toContain('Port-Secret-5');
  }, 60_000);

  it('refuses a data folder without a database, or with one this Realm has not migrated, and creates nothing', async () => {
    const url = await emptyDatabase(adminUrl());
    const empty = tempFolder('empty');
    const elsewhere = tempFolder('elsewhere');
    const old = demoInstance();
    const db = new Database(join(old, 'realm.db'));
    db.exec(
      'delete from __drizzle_migrations where created_at = (select max(created_at) from __drizzle_migrations)',
    );
    db.close();
    const [byFlag, byVariable, unmigrated] = await Promise.all([
      migrateToPostgres(['--to', url, '--data', empty]),
      migrateToPostgres(['--to', url], { REALM_DB: join(elsewhere, 'realm.db') }),
      migrateToPostgres(['--to', url, '--data', old]),
    ]);
    expect(expectOneLineFailure(byFlag)).toContain(
      `There is no Realm database at ${join(empty, 'realm.db')}`,
    );
    expect(expectOneLineFailure(byVariable)).toContain(
      `There is no Realm database at ${join(elsewhere, 'realm.db')}`,
    );
    expect(readdirSync(empty)).toEqual([]);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(expectOneLineFailure(unmigrated)).toContain(`run \`realm migrate --data ${old}\` first`);
    expect(await tablesIn(url)).toBe(0); // PostgreSQL was not touched
  }, 60_000);

  it('refuses while a live process holds realm.pid, and copies once that process is gone', async () => {
    const folder = demoInstance();
    const url = await emptyDatabase(adminUrl());
    writeFileSync(join(folder, 'realm.pid'), `${process.pid}\n`); // this test runner: alive
    const refused = await migrateToPostgres(['--to', url, '--data', folder]);
    expect(expectOneLineFailure(refused)).toContain(
      `(process ${process.pid}): stop the server first (what it writes after the copy would not reach PostgreSQL)`,
    );
    expect(await tablesIn(url)).toBe(0);
    // Above Linux's largest process id (2^22): the mark of a server that died without removing it.
    writeFileSync(join(folder, 'realm.pid'), '4194305\n');
    expect((await migrateToPostgres(['--to', url, '--data', folder])).code).toBe(0);
  }, 60_000);

  it('never prints the password: a wrong one or no server is one line (exit 1), the right one shows as ***', async (context) => {
    const role = `realm_mtp_${process.pid}`;
    const asAdmin = await emptyDatabase(adminUrl());
    const url = new URL(asAdmin);
    const database = url.pathname.slice(1);
    await inPostgres(adminUrl(), `create role ${role} login password 'Right-Passw0rd-x1'`);
    try {
      await inPostgres(adminUrl(), `alter database ${database} owner to ${role}`);
      url.username = role;
      url.password = 'Wrong-Passw0rd-x9';
      const refusedHere = await inPostgres(url.href, 'select 1').then(
        () => false,
        (error: { code?: string }) => error.code === '28P01',
      );
      if (!refusedHere) context.skip('this PostgreSQL (REALM_TEST_PG_URL) lets a wrong password in');
      const inQuery = new URL(url);
      inQuery.password = '';
      inQuery.searchParams.set('password', 'Query-Passw0rd-x9');
      const [wrong, wrongInQuery, unreachable] = await Promise.all([
        migrateToPostgres(['--to', url.href, '--data', demo]),
        migrateToPostgres(['--to', inQuery.href, '--data', demo]),
        migrateToPostgres(['--to', 'postgresql://realm:Unreach-Passw0rd@127.0.0.1:1/realm', '--data', demo]),
      ]);
      expect(expectOneLineFailure(wrong)).toContain(`refused the login (password authentication failed`);
      expect(wrong.stderr).toContain(`${role}:***@`);
      expect(expectOneLineFailure(wrongInQuery)).toContain('refused the login');
      expect(wrongInQuery.stderr).toContain('password=***');
      expect(expectOneLineFailure(unreachable)).toContain(
        'Could not connect to PostgreSQL at postgresql://realm:***@127.0.0.1:1/realm (',
      );
      expect(await tablesIn(asAdmin)).toBe(0);

      url.password = 'Right-Passw0rd-x1';
      const right = await migrateToPostgres(['--to', url.href, '--data', demo]);
      expect(right).toMatchObject({ code: 0, stderr: '' });
      expect(right.stdout).toContain(`REALM_DATABASE_URL=${url.href.replace('Right-Passw0rd-x1', '***')}`);
      expect(right.stdout).toContain('(the password in place of ***)');
      for (const { stdout, stderr } of [wrong, wrongInQuery, unreachable, right])
        expect(stdout + stderr).not.toMatch(/Passw0rd/);
    } finally {
      await inPostgres(adminUrl(), `drop database ${database}`);
      await inPostgres(adminUrl(), `drop role ${role}`);
    }
  }, 60_000);
});
