import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, transaction, type Db } from '../../src/server/store/sqlite/client.js';

// With REALM_WORKERS > 1 another process can hold SQLite's write lock. `transaction` waits for it in short pauses
// instead of SQLite's busy handler, whose sleeps grow to 25, 50 and 100 ms and block the whole worker.

let dir: string;
let db: Db;
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

/** Another connection, on its own thread, holds the write lock for `ms` and says when it let go. */
function holdWriteLock(file: string, ms: number) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require('better-sqlite3');
     const db = new Database(workerData.file);
     db.prepare('begin immediate').run();
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     db.prepare('commit').run();
     parentPort.postMessage(Date.now());
     db.close();`,
    { eval: true, workerData: { file, ms } },
  );
  let onLocked: () => void;
  const locked = new Promise<void>((resolve) => (onLocked = resolve));
  const releasedAt = new Promise<number>((resolve, reject) => {
    worker.on('message', (message) => (message === 'locked' ? onLocked() : resolve(message as number)));
    worker.on('error', reject);
  });
  return { locked, releasedAt };
}

describe('transaction() while another connection holds the lock', () => {
  it('waits it out, lands the write, and takes the lock within a few ms of its release', async () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-lock-'));
    const file = join(dir, 'realm.db');
    db = openDatabase(file);
    db.$client.exec('create table marks (n integer)');
    const lateness: number[] = [];
    for (let trial = 0; trial < 3; trial++) {
      const holder = holdWriteLock(file, 300);
      await holder.locked;
      const startedAt = Date.now();
      const landedAt = await transaction(db, async () => {
        db.$client.prepare('insert into marks values (?)').run(trial);
        return Date.now();
      });
      expect(landedAt - startedAt).toBeGreaterThanOrEqual(250); // it did wait for the holder
      lateness.push(landedAt - (await holder.releasedAt));
    }
    expect(db.$client.prepare('select count(*) from marks').pluck().get()).toBe(3);
    // SQLite's busy handler would be 25 ms or more late here, every time.
    expect(Math.min(...lateness)).toBeLessThan(12);
  });

  it('does not retry a write that failed for another reason', async () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-lock-'));
    db = openDatabase(join(dir, 'realm.db'));
    let runs = 0;
    await expect(
      transaction(db, async () => {
        runs += 1;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(runs).toBe(1);
  });

  it('leaves nothing behind when the work throws, from the query builder and prepared statements alike', async () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-lock-'));
    db = openDatabase(join(dir, 'realm.db'));
    // Prepared before the transaction, as the domain's statements are (store/sqlite/prepared.ts).
    const touch = db.$client.prepare(
      "insert into users (id, username, username_key, first_name, last_name, password_hash, created_at, updated_at) values ('u2', 'b', 'b', 'B', 'B', 'x', 0, 0)",
    );
    const count = () => db.$client.prepare('select count(*) from users').pluck().get();
    const before = count();
    await expect(
      transaction(db, async () => {
        db.$client.exec(
          "insert into users (id, username, username_key, first_name, last_name, password_hash, created_at, updated_at) values ('u1', 'a', 'a', 'A', 'A', 'x', 0, 0)",
        );
        touch.run();
        expect(count()).toBe(Number(before) + 2); // both inside the open transaction
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(count()).toBe(before);
    expect(await transaction(db, async () => touch.run().changes)).toBe(1);
    expect(count()).toBe(Number(before) + 1);
  });
});
