import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase } from '../server/store/sqlite/client.js';
import { createPrivately } from '../server/store/sqlite/file-modes.js';
import { resolveJwtSecret } from '../server/store/sqlite/instance-secret.js';
import { nativeBindingOption } from '../server/store/sqlite/native-binding.js';
import { unpackRuntime } from '../server/paths.js';
import { version } from '../server/version.js';
import { backUpPictures, restorePicturesAfter, restorePicturesBefore } from './backup-media.js';
import { CommandFailed, dataHelp, dataOptions, type Command } from './command.js';
import { confirm, refuseWhileRunning, requireDatabase } from './guards.js';
import { configFrom, dataFolderOf, newestKnownMigration, sqliteOnly } from './instance.js';

// A backup is one SQLite file: the database as it was at one moment, plus a table `realm_backup` holding
// the token secret (so that sign-ins survive a restore) and where the copy came from. One file is what
// people copy, encrypt and keep, and `sqlite3 FILE` still opens it. `format` grows if that table changes.
const backupFormat = 1;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Adds the `realm_backup` table to a fresh copy and makes it one self-contained file; counts what it holds. */
function stamp(file: string, secret: string): { members: number; posts: number } {
  const copy = new Database(file, nativeBindingOption());
  try {
    // The copy inherits WAL mode from the instance; a backup should not need a -wal file beside it.
    copy.pragma('journal_mode = DELETE');
    copy.exec(`create table realm_backup (format integer not null, realm_version text not null,
      created_at text not null, jwt_secret text not null)`);
    copy
      .prepare('insert into realm_backup values (?, ?, ?, ?)')
      .run(backupFormat, version, new Date().toISOString(), secret);
    const count = (table: string) => copy.prepare(`select count(*) from ${table}`).pluck().get() as number;
    return { members: count('users'), posts: count('posts') };
  } finally {
    copy.close();
  }
}

export const backup: Command = {
  name: 'backup',
  summary: 'copy the instance, running or not, with its token secret, into one file',
  usage: 'FILE [--data DIR]',
  details: `Writes a consistent copy of the database into FILE, also while the server runs (SQLite's online
backup), with the token secret inside it, so that members stay signed in after \`realm restore\`.
FILE must not exist yet. Keep it as private as the data folder: it holds every password hash and the
secret that signs sign-ins.

Pictures: with the media folder (the default), the picture files the copy names are copied into the
folder FILE.media beside it (files 0600, folders 0700); keep and move the two together. With object
storage (REALM_MEDIA_STORAGE=s3) the bucket is not copied: back it up by its own means.

${dataHelp}`,
  options: dataOptions,
  positionals: ['FILE'],
  async run(parsed) {
    const config = sqliteOnly(configFrom(parsed));
    requireDatabase(config);
    const target = resolve(parsed.positionals[0]!);
    if (existsSync(target)) {
      throw new CommandFailed(`${target} already exists: name a new file, or move that one away first.`);
    }
    if (!existsSync(dirname(target))) {
      throw new CommandFailed(`The folder ${dirname(target)} does not exist.`);
    }
    unpackRuntime(dataFolderOf(config));
    // The secret the server signs with: REALM_JWT_SECRET, else the kept one (made now if it never ran).
    const secret = resolveJwtSecret(config.jwtSecret, config.dbPath);
    // Written beside FILE and renamed at the end: a failed or interrupted backup never looks like one.
    const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
    closeSync(openSync(partial, 'wx', 0o600));
    try {
      const source = new Database(config.dbPath, { ...nativeBindingOption(), fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        // All pages in one step, inside one read transaction: a snapshot that the server's writes neither
        // block (WAL) nor restart, as they would restart a backup copied a few pages at a time.
        await source.backup(partial, { progress: () => 0x7fffffff });
      } finally {
        source.close();
      }
      const held = stamp(partial, secret);
      // The pictures the copy names, from the media folder; after the copy, so none it names is left out.
      const pictures = backUpPictures(config, partial, target);
      renameSync(partial, target);
      console.log(
        `Backed up ${plural(held.members, 'member')} and ${plural(held.posts, 'post')} to ${target} (${sizeOf(statSync(target).size)}).`,
      );
      for (const line of pictures) console.log(line);
    } finally {
      rmSync(partial, { force: true });
    }
  },
};

type Held = { format: number; realmVersion: string; createdAt: string; secret: string };

/** What a backup holds, or a message saying why FILE is not one. */
function readBackup(file: string) {
  const notBackup = (why: string) =>
    new CommandFailed(`${file} is not a Realm backup (${why}): name a file written by \`realm backup\`.`);
  const copy = new Database(file, { ...nativeBindingOption(), readonly: true, fileMustExist: true });
  try {
    const table = "select 1 from sqlite_master where type = 'table' and name = ?";
    if (!copy.prepare(table).get('realm_backup'))
      throw notBackup('an SQLite database without its realm_backup table');
    const held = copy
      .prepare(
        'select format, realm_version realmVersion, created_at createdAt, jwt_secret secret from realm_backup',
      )
      .get() as Held | undefined;
    if (!held) throw notBackup('its realm_backup table is empty');
    if (held.format > backupFormat) {
      throw new CommandFailed(
        `${file} is a backup format that Realm ${version} does not know: restore it with Realm ${held.realmVersion} or newer.`,
      );
    }
    const count = (table: string) => copy.prepare(`select count(*) from ${table}`).pluck().get() as number;
    const applied = copy.prepare(table).get('__drizzle_migrations')
      ? Number(copy.prepare('select max(created_at) from __drizzle_migrations').pluck().get() ?? 0)
      : 0;
    return { ...held, members: count('users'), posts: count('posts'), newestMigration: applied };
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw notBackup('not an SQLite database');
    throw error;
  } finally {
    copy.close();
  }
}

/**
 * Puts the backup in place of the database, with its secret. The copy is made and migrated beside the
 * database and renamed over it, so the instance is either as it was or restored, never half of each; a
 * backup that migrations cannot bring up to date leaves it as it was.
 */
function swapIn(file: string, target: string, secret: string) {
  const partial = `${target}.restoring`;
  const secretFile = join(dirname(target), 'jwt-secret');
  const partialSecret = `${secretFile}.restoring`;
  const leftovers = [partial, `${partial}-wal`, `${partial}-shm`, partialSecret];
  leftovers.forEach((path) => rmSync(path, { force: true }));
  try {
    createPrivately(partial);
    copyFileSync(file, partial);
    chmodSync(partial, 0o600); // the copy takes the mode of its source
    const db = openDatabase(partial);
    db.$client.exec('drop table realm_backup');
    closeDatabase(db);
    writeFileSync(partialSecret, `${secret}\n`, { mode: 0o600 });
    // The old database's -wal would be replayed into the new file at the next open: it goes first.
    for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
    renameSync(partial, target);
    renameSync(partialSecret, secretFile);
  } finally {
    leftovers.forEach((path) => rmSync(path, { force: true }));
  }
}

export const restore: Command = {
  name: 'restore',
  summary: "replace the instance's data with a backup (stop the server first)",
  usage: 'FILE [--yes] [--data DIR]',
  details: `Replaces the database with the one in FILE (written by \`realm backup\`) and the token secret with
the backup's, so that its members, posts and sign-ins are back. The server must be stopped. A backup from
an older Realm is brought up to date on the way in. With the media folder, the pictures in FILE.media
are put back in it, and the replaced database's picture files are deleted; with object storage, restore
the bucket by its own means. When there is a database already, it asks you to type "yes" first; without
a terminal it refuses unless --yes is given.

  --yes             replace an existing database without asking
${dataHelp}`,
  options: { ...dataOptions, yes: { type: 'boolean' } },
  positionals: ['FILE'],
  async run(parsed) {
    const config = sqliteOnly(configFrom(parsed));
    const target = config.dbPath;
    if (target === ':memory:')
      throw new CommandFailed('REALM_DB is :memory:, which has no file to restore into.');
    const folder = dataFolderOf(config);
    refuseWhileRunning(folder);
    const file = resolve(parsed.positionals[0]!);
    if (!existsSync(file)) throw new CommandFailed(`There is no file ${file}.`);
    unpackRuntime(folder);
    const held = readBackup(file);
    if (held.newestMigration > newestKnownMigration()) {
      throw new CommandFailed(
        `${file} comes from Realm ${held.realmVersion}, newer than this Realm ${version}: restore it with Realm ${held.realmVersion} or newer.`,
      );
    }
    const what = `${plural(held.members, 'member')} and ${plural(held.posts, 'post')}`;
    if (existsSync(target) && statSync(target).size > 0 && !parsed.values.yes) {
      await confirm(
        `Replace the database ${target} with the backup of ${held.createdAt} (${what})? Type yes to confirm:`,
        'yes',
        `Not restoring: ${target} exists and there is no terminal to confirm on. Pass --yes to replace it.`,
      );
      refuseWhileRunning(folder); // it may have started while we asked
    }
    // Pictures first (only adding files), then the database, then the replaced instance's files go.
    const pictures = restorePicturesBefore(config, file);
    swapIn(file, target, held.secret);
    const replaced = restorePicturesAfter(config, target);
    console.log(
      `Restored ${what} into ${target} from the backup of ${held.createdAt} (Realm ${held.realmVersion}).`,
    );
    for (const line of pictures) console.log(line);
    if (replaced > 0) console.log(`Deleted ${plural(replaced, 'picture file')} of the replaced database.`);
    if (config.jwtSecret) {
      console.log(
        'REALM_JWT_SECRET is set: the server signs with it, not with the restored secret, so sign-ins from ' +
          'before the backup last only if it is the secret the backup was made with.',
      );
    }
  },
};
