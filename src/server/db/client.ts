import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { paths } from '../paths.js';
import { createPrivately } from './file-modes.js';
import { nativeBindingOption } from './native-binding.js';
import { preparedOnce } from './prepared.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The page cache of each connection (each worker has one), in KiB. */
const cacheKib = 64 * 1024;

/** Opens (creating it owner-only if needed) and migrates the database. `:memory:` gives a private one. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') createPrivately(file);
  const sqlite = new Database(file, nativeBindingOption());
  // WAL lets readers run beside the writer; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${lockTimeoutMs}`);
  // Each connection keeps up to 64 MB of pages instead of SQLite's 2 MB (issue 4). A home feed seeks into
  // the index of each followed member: one member's feed fits in 2 MB, but many members' feeds missed it
  // most of the time. Mapping the file (mmap_size) also ended the misses, but SQLite parses a mapped page's
  // header again on every visit, and one member's feed cost ~10% more CPU mapped.
  sqlite.pragma(`cache_size = -${cacheKib}`);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: paths.migrations });
  return db;
}

export function closeDatabase(db: Db): void {
  if (db.$client.open) db.$client.close();
}

/**
 * Runs `work` as one IMMEDIATE transaction: it takes the write lock up front, so a read-then-write rule
 * (like "refuse if already liked") cannot race another process, and a thrown error leaves nothing behind.
 * The transaction is the connection's, so `work` uses the same `db`, its query builder and its statements
 * prepared once (db/prepared.ts) alike.
 *
 * With several workers (REALM_WORKERS) another process may hold the lock. SQLite's own busy handler then
 * sleeps 1, 2, 5, 10... ms, blocking every request of this worker, while a write holds the lock for a tenth
 * of a millisecond. So the lock is asked for without SQLite's wait and retried here after short pauses,
 * doubling from 50 µs to 2 ms, for as long as the connection's busy timeout.
 */
export function write<T>(db: Db, work: () => T): T {
  const deadline = performance.now() + lockTimeoutMs;
  for (let attempt = 0; ; attempt++) {
    let began = false;
    try {
      return withoutBusyWait(db, () =>
        immediateTransaction(db)(() => {
          began = true;
          return work();
        }),
      ) as T;
    } catch (error) {
      if (began || !isBusy(error) || performance.now() > deadline) throw error;
      Atomics.wait(pauseCell, 0, 0, Math.min(0.05 * 2 ** attempt, 2));
    }
  }
}

const lockTimeoutMs = 5000;
const pauseCell = new Int32Array(new SharedArrayBuffer(4));
const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

// better-sqlite3's transaction() builds four wrapper functions each time it is called, so each connection
// has one IMMEDIATE transaction, which runs the work it is given.
const immediateTransaction = preparedOnce(
  (db) => db.$client.transaction((work: () => unknown) => work()).immediate,
);

// Every write switches the wait off and on again, so the two pragmas are compiled once per connection.
const busyTimeout = preparedOnce((db) => ({
  off: db.$client.prepare('pragma busy_timeout = 0'),
  on: db.$client.prepare(`pragma busy_timeout = ${lockTimeoutMs}`),
}));

function withoutBusyWait<T>(db: Db, run: () => T): T {
  const { off, on } = busyTimeout(db);
  off.run();
  try {
    return run();
  } finally {
    on.run();
  }
}
