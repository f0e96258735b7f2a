import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getAsset, getAssetKeys } from 'node:sea';
import { CommandFailed } from '../cli/command.js';
import { useNativeBinding } from '../server/store/sqlite/native-binding.js';
import { useRuntimeRoot } from '../server/paths.js';
import { loadSharp } from './sharp-loader.js';
import { useSharpLoader } from './sharp-shim.js';
import { privateTempFolder, sharpPrefix, unpackOnce } from './unpack-files.js';

/** Written by scripts/package.mjs: `{ buildId }`, the version and a hash of every other asset. */
const manifestKey = 'sea-manifest.json';
const addonKey = 'better_sqlite3.node';
/** Set when SQLite's addon could not be mapped from the data folder: sharp's tree need not try it. */
let dataFolderIsNoexec = false;

/**
 * The single executable carries its run-time files as assets, each keyed by its path under the project
 * (migrations/..., dist/client/..., seed/pictures/...), SQLite's addon and sharp's tree (sharp/...). Node
 * can only load an addon from a file, and the server reads the rest from folders, so they are written once
 * per build into DATA/runtime/<buildId>/: an upgrade gets a fresh folder, a restart reuses it. sharp's tree
 * waits for the first upload (src/sea/sharp-loader.ts): most starts never need its 20 MB.
 */
export function unpackEmbedded(dataFolder: string): void {
  const { buildId } = JSON.parse(getAsset(manifestKey, 'utf8')) as { buildId: string };
  // The data folder holds the database too: owner-only, as createPrivately makes it (docs/security.md).
  mkdirSync(join(dataFolder, 'runtime'), { recursive: true, mode: 0o700 });
  const root = join(dataFolder, 'runtime', buildId);
  const files = getAssetKeys().filter((key) => key !== manifestKey && !key.startsWith(sharpPrefix));
  unpackOnce(root, files);
  useNativeBinding(loadAddon(root, buildId));
  useSharpLoader(() => loadSharp(root, buildId, dataFolderIsNoexec));
  useRuntimeRoot(root);
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
    dataFolderIsNoexec = true;
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
