import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { paths } from '../paths.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Opens (creating the folder if needed) and migrates the database. `:memory:` gives a private one. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets readers run beside the writer; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: paths.migrations });
  return db;
}

export function closeDatabase(db: Db): void {
  if (db.$client.open) db.$client.close();
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs a write as one IMMEDIATE transaction: it takes the write lock up front, so a read-then-write rule
 * (like "refuse if already liked") cannot race another process, and a thrown error leaves nothing behind.
 */
export function write<T>(db: Db, work: (tx: Tx) => T): T {
  return db.transaction(work, { behavior: 'immediate' });
}
