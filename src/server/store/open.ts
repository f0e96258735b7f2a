import type { Config } from '../config.js';
import { migratePostgres } from './postgres/migrate.js';
import { openPostgresStore, type PostgresStore } from './postgres/index.js';
import { openSqliteStore, type SqliteStore } from './sqlite/index.js';

/** A store with what only its engine has: SQLite's connection, PostgreSQL's pool. */
export type EngineStore = SqliteStore | PostgresStore;

/**
 * The store the configuration names, migrated: PostgreSQL when REALM_DATABASE_URL is set (one node of an
 * instance that many share), otherwise the SQLite file of REALM_DB.
 */
export async function openStore(
  config: Pick<Config, 'dbPath' | 'databaseUrl' | 'databasePool' | 'memory'>,
): Promise<EngineStore> {
  if (!config.databaseUrl) return openSqliteStore(config.dbPath, config.memory.sqliteCacheKib);
  const store = openPostgresStore({ url: config.databaseUrl, poolSize: config.databasePool });
  try {
    await migratePostgres(store.pool);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
