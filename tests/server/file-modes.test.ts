import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../src/server/store/sqlite/client.js';
import { resolveJwtSecret } from '../../src/server/store/sqlite/instance-secret.js';
import { startRealm } from '../helpers/realm-program.js';

// The database holds every password hash, so only its owner may read the data folder and
// its files, and a start on looser files says so.

let dir: string;
let db: Db | undefined;
afterEach(() => {
  if (db) closeDatabase(db);
  db = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('the data folder', () => {
  it('is created 0700, and the database, its -wal and -shm and the token secret 0600', () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-modes-'));
    const data = join(dir, 'data');
    const file = join(data, 'realm.db');
    db = openDatabase(file);
    db.$client.exec('create table t (x); insert into t values (1)'); // a write: the -wal file exists
    resolveJwtSecret(undefined, file);
    expect(modeOf(data)).toBe('700');
    for (const name of ['realm.db', 'realm.db-wal', 'realm.db-shm', 'jwt-secret']) {
      expect([name, modeOf(join(data, name))]).toEqual([name, '600']);
    }
  });

  it('draws a warning at start when others can read it, naming each file and the fix', async () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-modes-'));
    const data = join(dir, 'data');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    writeFileSync(join(data, 'realm.db'), '', { mode: 0o644 });
    chmodSync(join(data, 'realm.db'), 0o644);
    const server = await startRealm(['--data', data]);
    await server.stop();
    const output = server.output();
    expect(output).toContain(
      `Data readable by others: the data folder ${data} is mode 755: run chmod 700 ${data}`,
    );
    expect(output).toContain(
      `${join(data, 'realm.db')} is mode 644: run chmod 600 ${join(data, 'realm.db')}`,
    );
  });
});
