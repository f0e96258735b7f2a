import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/server/paths.js';
import { startRealm } from '../helpers/realm-program.js';
import { api, query, realm, rowsOf, signup, tempFolder } from './cli-helpers.js';

const secretOf = (dataFolder: string) => readFileSync(join(dataFolder, 'jwt-secret'), 'utf8').trim();
// Above Linux's largest process id (2^22): no process can have it, as after a server was killed outright.
const deadPid = 4_194_305;

describe('realm backup and restore', () => {
  it('copies a running instance with its token secret; restore brings it back elsewhere, never under a server', async () => {
    const live = tempFolder('live');
    const file = join(tempFolder('file'), 'realm.backup');
    const server = await startRealm(['--data', live]);
    try {
      expect(readFileSync(join(live, 'realm.pid'), 'utf8').trim()).toBe(String(server.pid));
      const member = await signup(server.url, 'keeper');
      const made = await api(server.url, 'POST', '/api/posts', member.token, {
        postData: 'Kept in a backup',
      });
      expect(made.status).toBe(201);
      const postId = made.body.posts[0]._id as string;

      const backedUp = await realm(['backup', file, '--data', live]);
      expect(backedUp).toMatchObject({ code: 0, stderr: '' });
      expect(backedUp.stdout).toMatch(/^Backed up 1 member and 1 post to .*realm\.backup \(\d+ KB\)\.\n$/);

      const copy = tempFolder('copy');
      const liveRows = rowsOf(live);
      const [again, underServer, restored] = await Promise.all([
        realm(['backup', file, '--data', live]),
        realm(['restore', file, '--yes', '--data', live]),
        realm(['restore', file, '--data', copy]),
      ]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');
      expect(underServer.code).toBe(1);
      expect(underServer.stderr).toContain(`(process ${server.pid}): stop the server first`);
      expect(rowsOf(live)).toEqual(liveRows);
      expect(restored).toMatchObject({ code: 0, stderr: '' });
      expect(restored.stdout).toContain('Restored 1 member and 1 post into');

      // The same rows, the same secret, and nothing of the backup's own bookkeeping left in the database.
      expect(rowsOf(copy)).toEqual(liveRows);
      expect(secretOf(copy)).toBe(secretOf(live));
      expect(query(copy, "select name from sqlite_master where name = 'realm_backup'")).toEqual([]);
      const second = await startRealm(['--data', copy]);
      try {
        // A token signed before the backup is good on the restored instance.
        expect((await api(second.url, 'GET', '/api/users/bookmark', member.token)).status).toBe(200);
        expect((await api(second.url, 'GET', `/api/posts/${postId}`)).body.post.content).toBe(
          'Kept in a backup',
        );
      } finally {
        await second.stop();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(existsSync(join(live, 'realm.pid'))).toBe(false);

    // A mark left by a server that died does not block; a database that exists needs --yes without a terminal.
    writeFileSync(join(live, 'realm.pid'), `${deadPid}\n`);
    const [unconfirmed, notBackup] = await Promise.all([
      realm(['restore', file, '--data', live]),
      realm(['restore', join(live, 'jwt-secret'), '--yes', '--data', live]),
    ]);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('Pass --yes to replace it.');
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('is not a Realm backup (not an SQLite database)');
    expect((await realm(['restore', file, '--yes', '--data', live])).code).toBe(0);
  }, 120_000);

  it('brings a backup made by an older Realm up to date', async () => {
    const file = join(tempFolder('old'), 'old.backup');
    const old = new Database(file);
    // The database as the first migration left it, before the later ones, and its bookkeeping.
    old.exec(
      readFileSync(join(paths.migrations, '0000_init.sql'), 'utf8').replaceAll(
        '--> statement-breakpoint',
        '',
      ),
    );
    const journal = JSON.parse(readFileSync(join(paths.migrations, 'meta/_journal.json'), 'utf8'));
    old.exec(
      'create table __drizzle_migrations (id integer primary key, hash text not null, created_at numeric)',
    );
    old
      .prepare('insert into __drizzle_migrations (hash, created_at) values (?, ?)')
      .run('0000', journal.entries[0].when);
    old
      .prepare(
        'insert into users (id, username, username_key, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
      )
      .run('old-member', 'Oldtimer', 'oldtimer', 'scrypt$x', 1, 1);
    old.exec('create table realm_backup (format, realm_version, created_at, jwt_secret)');
    old
      .prepare('insert into realm_backup values (1, ?, ?, ?)')
      .run('0.0.1', '2026-01-01T00:00:00Z', 's'.repeat(64));
    old.close();

    const data = tempFolder('upgraded');
    const restored = await realm(['restore', file, '--data', data]);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    const applied = query(data, 'select created_at from __drizzle_migrations');
    expect(applied).toHaveLength(journal.entries.length);
    expect(query(data, 'select score from posts')).toEqual([]); // a column that 0001 added
    expect(query(data, 'select username from users')).toEqual([{ username: 'Oldtimer' }]);
    expect(secretOf(data)).toBe('s'.repeat(64));
  }, 60_000);
});
