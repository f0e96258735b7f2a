import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadConfig, type Config } from '../server/config.js';
import { openStore } from '../server/store/open.js';
import type { Store } from '../server/store/store.js';
import { paths, unpackRuntime } from '../server/paths.js';
import { CommandFailed, type Parsed } from './command.js';

/**
 * The configuration a command works with: the environment as the server reads it, then the flags, which
 * win. `--data DIR` means the database `DIR/realm.db` (and the token secret beside it).
 */
export function configFrom(parsed: Parsed, env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env);
  const data = parsed.values.data;
  if (typeof data === 'string') {
    config.dbPath = join(data, 'realm.db');
    // Pictures follow the data folder too, unless REALM_MEDIA_DIR names their own.
    if (config.media.storage.kind === 'folder' && !env.REALM_MEDIA_DIR) {
      config.media.storage = { kind: 'folder', folder: join(data, 'media') };
    }
  }
  return config;
}

/** The folder holding the database, its token secret and (in the single executable) unpacked files. */
export function dataFolderOf(config: Config): string {
  return resolve(dirname(config.dbPath));
}

/** Opens (migrating) the instance's database for `work`, and closes it whatever happens. */
export async function withDatabase<T>(config: Config, work: (store: Store) => Promise<T>): Promise<T> {
  unpackRuntime(dataFolderOf(config));
  const store = await openStore(config);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** When the newest migration this Realm carries was made: a database that has a later one is from a newer Realm. */
export function newestKnownMigration(): number {
  const journal = JSON.parse(readFileSync(join(paths.migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Backup and restore work on the SQLite file; a PostgreSQL instance has its own tools for that. */
export function sqliteOnly(config: Config): Config {
  if (config.databaseUrl) {
    throw new CommandFailed(
      'backup and restore work on a SQLite instance. REALM_DATABASE_URL is set: back PostgreSQL up with pg_dump and pg_restore (docs/scaling-out.md).',
    );
  }
  return config;
}
