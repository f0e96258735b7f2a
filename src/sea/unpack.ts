import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getAsset, getAssetKeys, getRawAsset } from 'node:sea';
import { CommandFailed } from '../cli/command.js';
import { useNativeBinding } from '../server/store/sqlite/native-binding.js';
import { useRuntimeRoot } from '../server/paths.js';

/** Written by scripts/package.mjs: `{ buildId }`, the version and a hash of every other asset. */
const manifestKey = 'sea-manifest.json';
const addonKey = 'better_sqlite3.node';

/**
 * The single executable carries its run-time files as assets, each keyed by its path under the project
 * (migrations/..., dist/client/..., seed/pictures/...) and SQLite's addon. Node can only load an addon
 * from a file, and the server reads the rest from folders, so they are written once per build into
 * DATA/runtime/<buildId>/: an upgrade gets a fresh folder, a restart reuses it.
 */
export function unpackEmbedded(dataFolder: string): void {
  const { buildId } = JSON.parse(getAsset(manifestKey, 'utf8')) as { buildId: string };
  // The data folder holds the database too: owner-only, as createPrivately makes it (docs/security.md).
  mkdirSync(join(dataFolder, 'runtime'), { recursive: true, mode: 0o700 });
  const root = join(dataFolder, 'runtime', buildId);
  const files = getAssetKeys().filter((key) => key !== manifestKey);
  unpackOnce(root, files);
  useNativeBinding(loadAddon(root, buildId));
  useRuntimeRoot(root);
}

/**
 * Writes the assets into a sibling folder named after this process, then renames it into place: a crash
 * leaves no half-written folder under the real name, and when two processes unpack at once (two commands
 * started together) the second rename fails and the first one's folder is used.
 */
function unpackOnce(folder: string, keys: string[]): void {
  if (existsSync(folder)) return;
  removeAbandoned(folder);
  const partial = `${folder}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  for (const key of keys) {
    const file = join(partial, key);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // getRawAsset gives the embedded bytes without a copy.
    const bytes = new Uint8Array(getRawAsset(key) as ArrayBuffer);
    writeFileSync(file, bytes, { mode: key === addonKey ? 0o700 : 0o600, flag: 'wx' });
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
 * Loads the addon from the data folder. A data folder on a `noexec` mount (common for /var and /home on
 * hardened servers) cannot map code: the addon then goes to a private folder under the temporary folder.
 */
function loadAddon(root: string, buildId: string): object {
  try {
    return dlopen(join(root, addonKey));
  } catch (error) {
    if (!/failed to map segment/i.test((error as Error).message)) throw error;
    const fallback = join(privateTempFolder(), buildId);
    unpackOnce(fallback, [addonKey]);
    console.warn(`realm: ${root} is on a noexec mount; loading SQLite's addon from ${fallback} instead`);
    try {
      return dlopen(join(fallback, addonKey));
    } catch (again) {
      throw new CommandFailed(
        `SQLite's addon cannot run from ${root} nor ${fallback} (${(again as Error).message}); ` +
          'set TMPDIR to a folder on a mount that allows running programs',
      );
    }
  }
}

function dlopen(file: string): object {
  const module = { exports: {} };
  process.dlopen(module, file);
  return module.exports;
}

/**
 * TMPDIR/realm-<uid>, owner-only. Anyone may create names in /tmp, so a folder that is a symlink, someone
 * else's, or writable by others could hold an addon planted by another user: refused, not repaired.
 */
function privateTempFolder(): string {
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
  if (problem) throw new CommandFailed(`refusing to load SQLite's addon from ${folder}: it ${problem}`);
  return folder;
}
