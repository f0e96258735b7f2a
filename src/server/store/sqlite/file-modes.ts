import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

// The database holds every password hash and the folder the token secret: only the owner may read them.
// SQLite creates `-wal` and `-shm` with the database file's own mode, so an owner-only database file gives
// owner-only companions.

/** Creates the data folder (0700) and an empty database file (0600) when they do not exist yet. */
export function createPrivately(dbFile: string): void {
  mkdirSync(dirname(dbFile), { recursive: true, mode: 0o700 });
  closeSync(openSync(dbFile, 'a', 0o600));
}

/** The data folder and files that others than their owner may read or write, each with a way to fix it. */
export function looseFileModes(dbFile: string): string[] {
  if (dbFile === ':memory:') return [];
  const folder = dirname(dbFile);
  const files = ['', '-wal', '-shm'].map((suffix) => dbFile + suffix).concat(join(folder, 'jwt-secret'));
  const loose = (path: string) => existsSync(path) && (statSync(path).mode & 0o077) !== 0;
  const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
  return [
    ...(loose(folder) ? [`the data folder ${folder} is mode ${mode(folder)}: run chmod 700 ${folder}`] : []),
    ...files.filter(loose).map((file) => `${file} is mode ${mode(file)}: run chmod 600 ${file}`),
  ];
}
