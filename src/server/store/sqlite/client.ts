import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { memberSearchKeys } from '../../../shared/search-fold.js';
import { planHandles, type NamedMember } from '../handle-backfill.js';
import { usernameSkeleton } from '../../../shared/username-skeleton.js';
import { defaultMbPerProcess, memoryPlan } from '../../memory-budget.js';
import { paths } from '../../paths.js';
import { createPrivately } from './file-modes.js';
import { nativeBindingOption } from './native-binding.js';
import { preparedOnce } from './prepared.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The page cache of a connection opened without a memory budget of its own (tools, tests): the default's. */
const defaultCacheKib = memoryPlan(defaultMbPerProcess, 1).sqliteCacheKib;

/**
 * Opens (creating it owner-only if needed) and migrates the database. `:memory:` gives a private one.
 * `cacheKib`: the connection's page cache, which the server's memory budget sets (memory-budget.ts).
 */
export function openDatabase(file: string, cacheKib = defaultCacheKib): Db {
  if (file !== ':memory:') createPrivately(file);
  const sqlite = new Database(file, nativeBindingOption());
  // WAL lets readers run beside the writer; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${lockTimeoutMs}`);
  // The server's connection keeps tens of MB of pages instead of SQLite's 2 MB. A home feed seeks into
  // the index of each followed member: one member's feed fits in 2 MB, but many members' feeds missed it
  // most of the time. Mapping the file (mmap_size) also ended the misses, but SQLite parses a mapped page's
  // header again on every visit, and one member's feed cost ~10% more CPU mapped. The cache also bounds
  // what one sort holds in memory before it spills to a temporary file.
  sqlite.pragma(`cache_size = -${cacheKib}`);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: paths.migrations });
  fillUsernameSkeletons(db);
  fillSearchKeys(db);
  fillHandles(db);
  return db;
}

/**
 * Migration 0006_username_skeleton added the column, but a skeleton needs the confusables table, which only
 * JavaScript has: the members who have none yet get theirs here, once (afterwards the index finds no row).
 * In one transaction; another worker opening at the same moment waits, then finds nothing left to do.
 */
function fillUsernameSkeletons(db: Db): void {
  const missing = db.$client.prepare('select id, username from users where username_skeleton is null');
  const fill = db.$client.prepare('update users set username_skeleton = ? where id = ?');
  db.$client
    .transaction(() => {
      for (const { id, username } of missing.all() as { id: string; username: string }[]) {
        fill.run(usernameSkeleton(username), id);
      }
    })
    .immediate();
}

type Names = { id: string; username: string; firstName: string; lastName: string };

/**
 * Migration 0012_people_search added people search's keys, which need JavaScript to fold (as the skeletons
 * above): the members who have none yet get theirs here, once, in one transaction. Also what gives the
 * members of a generated instance (seed/scale.ts writes rows directly) their keys.
 */
export function fillSearchKeys(db: Db): void {
  const missing = db.$client.prepare(
    `select id, username, first_name as firstName, last_name as lastName from users
     where search_username is null`,
  );
  const fill = db.$client.prepare(
    `update users set search_username = :searchUsername, search_name = :searchName, search_last = :searchLast
     where id = :id`,
  );
  db.$client
    .transaction(() => {
      for (const member of missing.all() as Names[]) fill.run({ id: member.id, ...memberSearchKeys(member) });
    })
    .immediate();
}

/**
 * Migration 0026_handles: every member whose username is not a handle gets one, planned in JavaScript
 * (store/handle-backfill.ts), their old name kept as a former handle. Idempotent (afterwards no username is
 * found that is not a handle) and in one transaction, so a crash leaves every member as they were. The
 * oldest members are served first: of two who would have one handle, the first to sign up gets it.
 */
function fillHandles(db: Db): void {
  const client = db.$client;
  const notHandles = client.prepare(
    `select id, username, first_name as firstName, last_name as lastName from users
     where username glob '*[^A-Za-z0-9_]*' or length(username) > 30 or username = ''
     order by created_at, id`,
  );
  client
    .transaction(() => {
      const members = notHandles.all() as NamedMember[];
      if (members.length === 0) return;
      const keys = new Set<string>();
      const skeletons = new Set<string>();
      for (const row of client
        .prepare('select username_key as k, username_skeleton as s from users')
        .all() as {
        k: string;
        s: string | null;
      }[]) {
        keys.add(row.k);
        if (row.s !== null) skeletons.add(row.s);
      }
      for (const row of client.prepare('select key from former_handles').all() as { key: string }[])
        keys.add(row.key);
      const at = Date.now();
      const update = client.prepare(
        `update users set username = :username, username_key = :usernameKey, username_skeleton = :usernameSkeleton,
           search_username = :searchUsername, email = coalesce(email, :email), email_key = coalesce(email_key, :emailKey),
           handle_changes_left = 1
         where id = :id`,
      );
      const former = client.prepare(
        'insert into former_handles (key, user_id, name, changed_at) values (?, ?, ?, ?) on conflict do nothing',
      );
      for (const fill of planHandles(members, { keys, skeletons })) {
        const { former: name, formerKey, ...row } = fill;
        update.run(row);
        former.run(formerKey, fill.id, name, at);
      }
    })
    .immediate();
}

export function closeDatabase(db: Db): void {
  if (db.$client.open) db.$client.close();
}

/**
 * The gate of a connection: one write transaction at a time, and no statement of anyone else while it is
 * open. A transaction spans the awaits of the rule that runs it, and a statement of another request run on
 * the same connection meanwhile would read its uncommitted rows, or be rolled back with it. Reads outside a
 * transaction pass at once when it is idle, and otherwise wait for it to end: microseconds, since the awaits
 * inside a SQLite transaction resolve at once.
 */
export type Gate = {
  /** The same functions, each waiting for the gate before it runs. */
  guard<T extends Record<string, (...args: never[]) => Promise<unknown>>>(group: T): T;
};

type Lock = { held: boolean; take(): Promise<() => void> };

function createLock(): Lock {
  let queue = Promise.resolve();
  const lock: Lock = {
    held: false,
    take() {
      const previous = queue;
      let release!: () => void;
      queue = new Promise<void>((resolve) => {
        release = resolve;
      });
      return previous.then(() => {
        lock.held = true;
        return () => {
          lock.held = false;
          release();
        };
      });
    },
  };
  return lock;
}

const locks = new WeakMap<Db, Lock>();
const lockOf = (db: Db) => {
  let lock = locks.get(db);
  if (!lock) locks.set(db, (lock = createLock()));
  return lock;
};

export function gateOf(db: Db): Gate {
  const lock = lockOf(db);
  return {
    guard(group) {
      const guarded = Object.entries(group).map(([name, run]) => {
        const wait = async (...args: never[]) => {
          const release = await lock.take();
          try {
            return await run(...args);
          } finally {
            release();
          }
        };
        return [name, (...args: never[]) => (lock.held ? wait(...args) : run(...args))];
      });
      return Object.fromEntries(guarded) as typeof group;
    },
  };
}

/**
 * Runs `work` as one IMMEDIATE transaction: it takes the write lock up front, so a read-then-write rule
 * (like "refuse if already liked") cannot race another process, and a thrown error leaves nothing behind.
 *
 * With several workers (REALM_WORKERS) another process may hold the lock. SQLite's own busy handler would
 * then sleep 1, 2, 5, 10... ms, blocking every request of this worker, while a write holds the lock for a
 * tenth of a millisecond. So the lock is asked for without SQLite's wait, and after a refusal the gate is
 * opened for others while this write pauses (a turn of the event loop, then 1 and 2 ms), for as long as the
 * connection's busy timeout.
 */
export async function transaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const lock = lockOf(db);
  const { begin, commit, rollback } = transactionStatements(db);
  const deadline = performance.now() + lockTimeoutMs;
  for (let attempt = 0; ; attempt++) {
    const release = await lock.take();
    try {
      withoutBusyWait(db, () => begin.run());
    } catch (error) {
      release();
      if (!isBusy(error) || performance.now() > deadline) throw error;
      await pause(attempt);
      continue;
    }
    try {
      const result = await work();
      commit.run();
      return result;
    } catch (error) {
      if (db.$client.inTransaction) rollback.run();
      throw error;
    } finally {
      release();
    }
  }
}

const lockTimeoutMs = 5000;
const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
const pause = (attempt: number) =>
  new Promise((resolve) => (attempt < 4 ? setImmediate(resolve) : setTimeout(resolve, attempt < 8 ? 1 : 2)));

const transactionStatements = preparedOnce((db) => ({
  begin: db.$client.prepare('begin immediate'),
  commit: db.$client.prepare('commit'),
  rollback: db.$client.prepare('rollback'),
}));

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
