import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every file the server reads at run time is found here. In a checkout the root is the project folder,
 * found from this module's own place (src/server/ in TypeScript, dist/server/ in the compiled bundle: both
 * two folders down). The single executable unpacks its files into a folder of the same layout and points
 * the root there (src/sea/unpack.ts) before anything reads a path.
 */
function pathsUnder(root: string) {
  return {
    root,
    migrations: resolve(root, 'migrations'),
    postgresMigrations: resolve(root, 'migrations/postgres'),
    clientDist: resolve(root, 'dist/client'),
    seedPictures: resolve(root, 'seed/pictures'),
  };
}

export const paths = pathsUnder(resolve(dirname(fileURLToPath(import.meta.url)), '../..'));

/** Points every run-time path into `root` (the single executable's unpacked files). */
export function useRuntimeRoot(root: string): void {
  Object.assign(paths, pathsUnder(root));
}

let unpacker: ((dataFolder: string) => void) | undefined;

/**
 * The single executable registers how it unpacks its files (migrations, client, pictures, SQLite's addon);
 * it needs the data folder to know where. In a checkout nothing is registered: the files are in place.
 */
export function setUnpacker(unpack: (dataFolder: string) => void): void {
  unpacker = unpack;
}

/** Called before anything reads a run-time path or opens a database. Unpacks once per process. */
export function unpackRuntime(dataFolder: string): void {
  unpacker?.(dataFolder);
  unpacker = undefined;
}
