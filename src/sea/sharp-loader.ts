import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getAssetKeys } from 'node:sea';
import type sharpModule from 'sharp';
import { useHeicDecodeAt } from '../server/media/heic-decode.js';
import { privateTempFolder, sharpPrefix, unpackOnce } from './unpack-files.js';

/**
 * Unpacks sharp's tree (sharp/node_modules/..., scripts/package-sharp.mjs: sharp's JavaScript, its addon,
 * libvips) into RUNTIME/sharp/ on the first upload and loads it with an ordinary require from there. The
 * addon finds libvips through its RPATH ($ORIGIN/../../sharp-libvips-linux-<arch>/lib), hence npm's layout.
 * Both are code to map, so a data folder on a `noexec` mount sends the whole tree to TMPDIR/realm-<uid>/,
 * as SQLite's addon goes (src/sea/unpack.ts).
 */
export function loadSharp(root: string, buildId: string, noexec: boolean): typeof sharpModule {
  const keys = getAssetKeys().filter((key) => key.startsWith(sharpPrefix));
  if (keys.length === 0) throw new Error('this build of Realm carries no image library');
  // When SQLite's addon already could not run from the data folder, sharp goes straight to the fallback.
  if (!noexec) {
    const folder = join(root, 'sharp');
    unpackOnce(folder, keys, sharpPrefix);
    try {
      return requireSharp(folder);
    } catch (error) {
      if (!/failed to map segment/i.test((error as Error).message)) throw error;
    }
  }
  const fallback = join(privateTempFolder(), `${buildId}-sharp`);
  mkdirSync(dirname(fallback), { recursive: true, mode: 0o700 });
  unpackOnce(fallback, keys, sharpPrefix);
  console.warn(`realm: ${root} is on a noexec mount; loading the image library from ${fallback} instead`);
  return requireSharp(fallback);
}

/** sharp, required as a package installed in `folder`/node_modules (a file's require there finds it). */
function requireSharp(folder: string): typeof sharpModule {
  const require = createRequire(join(folder, 'node_modules', 'realm.cjs'));
  const sharp = require('sharp') as typeof sharpModule;
  // heic-decode came in the same tree; a build without it leaves HEIC refused with advice.
  try {
    useHeicDecodeAt(require.resolve('heic-decode'));
  } catch {
    console.warn('realm: this build carries no HEIC decoder; HEIC photos will be refused');
  }
  return sharp;
}
