import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getRawAsset } from 'node:sea';
import { CommandFailed } from '../cli/command.js';

/** The asset keys of sharp's tree start with this (scripts/package-sharp.mjs); they are unpacked apart. */
export const sharpPrefix = 'sharp/';

/** Native code (SQLite's addon, sharp's addon, libvips), which the loader maps: the owner may run it. */
const isCode = (key: string) => /\.(node|so[.\d]*)$/.test(key);

/**
 * Writes the assets `keys` (less `prefix`) into a sibling folder named after this process, then renames it
 * into place: a crash leaves no half-written folder under the real name, and when two processes unpack at
 * once (two commands started together, two workers' first uploads) the second rename fails and the first
 * one's folder is used.
 */
export function unpackOnce(folder: string, keys: string[], prefix = ''): void {
  if (existsSync(folder)) return;
  removeAbandoned(folder);
  const partial = `${folder}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  for (const key of keys) {
    const file = join(partial, key.slice(prefix.length));
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // getRawAsset gives the embedded bytes without a copy.
    const bytes = new Uint8Array(getRawAsset(key) as ArrayBuffer);
    writeFileSync(file, bytes, { mode: isCode(key) ? 0o700 : 0o600, flag: 'wx' });
  }
  try {
    renameSync(partial, folder);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
}

/** Partial folders of this build left by processes that died while unpacking. */
function removeAbandoned(folder: string): void {
  const prefix = `${folder.slice(dirname(folder).length + 1)}.partial-`;
  for (const name of readdirSync(dirname(folder))) {
    if (name.startsWith(prefix) && !isRunning(Number(name.slice(prefix.length)))) {
      rmSync(join(dirname(folder), name), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * TMPDIR/realm-<uid>, owner-only: where native code goes when the data folder is on a `noexec` mount.
 * Anyone may create names in /tmp, so a folder that is a symlink, someone else's, or writable by others
 * could hold code planted by another user: refused, not repaired.
 */
export function privateTempFolder(): string {
  const uid = process.getuid?.() ?? 0;
  const folder = join(tmpdir(), `realm-${uid}`);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = lstatSync(folder);
  const problem = !stat.isDirectory()
    ? 'is not a folder (a symlink?)'
    : stat.uid !== uid
      ? `belongs to uid ${stat.uid}`
      : (stat.mode & 0o077) !== 0
        ? `is mode ${(stat.mode & 0o777).toString(8)} (chmod 700 it or remove it)`
        : undefined;
  if (problem) throw new CommandFailed(`refusing to load native code from ${folder}: it ${problem}`);
  return folder;
}
