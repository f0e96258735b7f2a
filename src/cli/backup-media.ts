import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../server/config.js';
import { isMediaKey } from '../server/media/storage.js';
import { openMediaStorage } from '../server/media/storage-open.js';
import { nativeBindingOption } from '../server/store/sqlite/native-binding.js';
import { CommandFailed } from './command.js';

// Pictures in backups (docs/pictures.md, "For self-hosters"). With the media folder, `realm backup FILE`
// copies the files the backed-up rows name into the folder `FILE.media` beside it, and `realm restore FILE`
// puts them back. A bucket is not copied: it is backed up by its own means (versioning, replication, the
// provider's snapshots); the commands say so.

/** The folder beside a backup file that holds its pictures. */
export const mediaFolderOf = (backupFile: string) => `${backupFile}.media`;

/** Every file key the rows of a database file name (a picture and its preview, each once). */
function keysNamedBy(file: string): string[] {
  const db = new Database(file, { ...nativeBindingOption(), readonly: true, fileMustExist: true });
  try {
    const hasMedia = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'media'").get();
    if (!hasMedia) return []; // a backup from before pictures
    return db
      .prepare('select large_key from media union select preview_key from media')
      .pluck()
      .all() as string[];
  } finally {
    db.close();
  }
}

/** Copies one file owner-only (0600), its folders 0700, as the media folder keeps them. */
function copyPrivately(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
  copyFileSync(from, to);
  chmodSync(to, 0o600);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Keys not already checked: hostile or damaged rows must not name paths outside the folders. */
const wellFormed = (keys: string[]) => keys.filter((key) => isMediaKey(key));

/**
 * After the database's copy is made (`copy`, not yet renamed to `target`): the pictures it names, copied
 * from the media folder into `target.media`, or the note that a bucket needs its own backup. The copy is
 * made beside and renamed at the end, as the database's is. Answers the lines to print.
 */
export function backUpPictures(config: Config, copy: string, target: string): string[] {
  const storage = config.media.storage;
  const keys = wellFormed(keysNamedBy(copy));
  if (storage.kind === 's3') {
    return [
      `Pictures are kept in ${openMediaStorage(storage).describe()}, which this backup does not copy: back the bucket up by its own means (the backup names ${plural(keys.length, 'picture file')}).`,
    ];
  }
  // No pictures, no folder: a backup stays the one file it always was.
  if (keys.length === 0) return [];
  const folder = mediaFolderOf(target);
  if (existsSync(folder)) {
    throw new CommandFailed(`${folder} already exists: name a new file, or move that folder away first.`);
  }
  const partial = join(dirname(target), `.${basename(folder)}.${process.pid}.partial`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  chmodSync(partial, 0o700);
  let missing = 0;
  try {
    for (const key of keys) {
      const source = join(storage.folder, key);
      // A picture deleted since the database's copy was made: its row is in the copy, its file gone.
      if (!existsSync(source)) missing += 1;
      else copyPrivately(source, join(partial, key));
    }
    renameSync(partial, folder);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  const lines = [`Copied ${plural(keys.length - missing, 'picture file')} to ${folder}.`];
  if (missing > 0) {
    lines.push(
      `${plural(missing, 'picture file')} named by the backup had been deleted meanwhile (a post deleted while backing up); they will be missing after a restore.`,
    );
  }
  return lines;
}

/**
 * Before the database is swapped in: the backup's pictures copied into the media folder (files already
 * there are the same bytes, since a key is its content's hash). Answers the lines to print.
 */
export function restorePicturesBefore(config: Config, file: string): string[] {
  const storage = config.media.storage;
  const keys = wellFormed(keysNamedBy(file));
  if (storage.kind === 's3') {
    return keys.length === 0
      ? []
      : [
          `Pictures are kept in ${openMediaStorage(storage).describe()}: restore the bucket by its own means to the same moment as this backup, or ${plural(keys.length, 'picture file')} it names may be missing.`,
        ];
  }
  const source = mediaFolderOf(file);
  if (keys.length > 0 && !existsSync(source)) {
    return [
      `The backup names ${plural(keys.length, 'picture file')} but ${source} is not beside it: those pictures will be missing until their files are put back in ${storage.folder}.`,
    ];
  }
  let missing = 0;
  for (const key of keys) {
    const from = join(source, key);
    if (!existsSync(from)) missing += 1;
    else if (!existsSync(join(storage.folder, key))) copyPrivately(from, join(storage.folder, key));
  }
  return missing > 0 ? [`${plural(missing, 'picture file')} named by the backup are not in ${source}.`] : [];
}

/**
 * After the database is swapped in: files in the media folder that no restored row names (the replaced
 * database's pictures) are deleted, so the folder holds exactly the restored instance's pictures.
 */
export function restorePicturesAfter(config: Config, restored: string): number {
  const storage = config.media.storage;
  if (storage.kind === 's3' || !existsSync(storage.folder)) return 0;
  const kept = new Set(keysNamedBy(restored));
  let deleted = 0;
  for (const entry of readdirSync(storage.folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = relative(storage.folder, path);
    if (isMediaKey(key) && !kept.has(key)) {
      rmSync(path, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}
