import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { usernameSkeleton } from '../../src/shared/username-skeleton.js';
import { closeDatabase, openDatabase, transaction, type Db } from '../../src/server/store/sqlite/client.js';

// Each worker (REALM_WORKERS) opens the file on its own connection, in WAL mode, with its own page cache.

let dir: string;
let connections: Db[] = [];
afterEach(() => {
  connections.forEach(closeDatabase);
  connections = [];
  rmSync(dir, { recursive: true, force: true });
});

function open(file: string) {
  const db = openDatabase(file);
  connections.push(db);
  return db;
}

describe('the database file', () => {
  it("is opened in WAL mode with the default memory budget's page cache, 32 MB", () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-file-'));
    const db = open(join(dir, 'realm.db'));
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('cache_size', { simple: true })).toBe(-32 * 1024);
  });

  it('shows one connection’s write to another at once, in pages the other had already cached', async () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-file-'));
    const file = join(dir, 'realm.db');
    const [writer, reader] = [open(file), open(file)];
    writer.$client.exec('create table notes (id integer primary key, text text)');
    const insert = writer.$client.prepare('insert into notes (text) values (?)');
    await transaction(writer, async () => {
      for (let i = 0; i < 2000; i++) insert.run(`note ${i}`);
    });
    writer.$client.pragma('wal_checkpoint(TRUNCATE)'); // the rows now live in the file itself
    const read = reader.$client.prepare('select text from notes where id = ?').pluck();
    expect(read.get(1500)).toBe('note 1499');

    await transaction(writer, async () =>
      writer.$client.prepare('update notes set text = ? where id = ?').run('changed', 1500),
    );
    expect(read.get(1500)).toBe('changed');
    writer.$client.pragma('wal_checkpoint(TRUNCATE)');
    expect(read.get(1500)).toBe('changed');
  });

  it('gives the members a migration left without a username skeleton theirs when it is opened', () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-file-'));
    const file = join(dir, 'realm.db');
    const before = open(file);
    // As migration 0006_username_skeleton leaves the members who signed up before it (a handle, which the
    // start-up fill of handles leaves as it is; adrnin looks like admin).
    before.$client
      .prepare(
        `insert into users (id, username, username_key, password_hash, created_at, updated_at)
         values ('u1', 'adrnin', 'adrnin', 'x', 1, 1)`,
      )
      .run();
    const [row] = before.$client.prepare('select username_skeleton as s from users').all() as { s: null }[];
    expect(row!.s).toBeNull();
    closeDatabase(before);
    const after = open(file);
    expect(after.$client.prepare('select username_skeleton as s from users').all()).toEqual([
      { s: usernameSkeleton('admin') },
    ]);
  });
});
