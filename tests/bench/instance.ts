import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateScale } from '../../seed/scale.js';
import { closeDatabase, openDatabase } from '../../src/server/store/sqlite/client.js';
import { paths } from '../../src/server/paths.js';

export const benchDir = join(paths.root, 'data', 'bench');

const removeDb = (file: string) => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
};

/** The generated instance of `npm run bench` (the same file name), written once into data/bench/. */
export async function ensureInstance(users: number, posts: number): Promise<string> {
  mkdirSync(benchDir, { recursive: true });
  // As the server asks of a data folder (it warns otherwise): members' data, readable by its owner only.
  chmodSync(benchDir, 0o700);
  const dbFile = join(benchDir, `scale-${users}-${posts}.db`);
  if (!existsSync(dbFile)) {
    console.log(`Generating ${users} members and ${posts} posts into ${dbFile}...`);
    // Written under another name first, so that an interrupted generation is not taken for an instance.
    const partial = `${dbFile}.partial`;
    removeDb(partial);
    const db = openDatabase(partial);
    const report = await generateScale(db, { users, posts }, (line) => console.log(`  ${line}`));
    closeDatabase(db);
    renameSync(partial, dbFile);
    console.log(`  ${report.rowsPerSecond} rows/s, ${report.seconds.toFixed(1)} s`);
  }
  return dbFile;
}

/** A fresh copy for one run: the run writes to it, so every run starts from the same instance. */
export function freshCopy(dbFile: string, name: string): { file: string; remove(): void } {
  const file = `${dbFile}.${name}`;
  removeDb(file);
  copyFileSync(dbFile, file);
  chmodSync(file, 0o600);
  return { file, remove: () => removeDb(file) };
}
