import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { checkMediaKey, checkPut, MediaKeyError, type MediaStorage, type StoredMedia } from './storage.js';

/**
 * Media in a folder on this machine (by default `data/media` beside the database). The folder and its
 * subfolders are owner-only (0700) and the files 0600, like the rest of the data folder: unattached uploads
 * must not be readable by other accounts on the machine.
 */
export function folderMediaStorage(folder: string): MediaStorage {
  const root = resolve(folder);

  /** The file for a key; the key is checked, and the path checked again to be inside the folder. */
  const pathOf = (key: string): string => {
    checkMediaKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new MediaKeyError('Not a media key');
    return path;
  };

  return {
    describe: () => `folder ${root}`,

    async put(key, bytes, contentType) {
      checkPut(key, bytes, contentType);
      const path = pathOf(key);
      // Same key, same bytes: a file already there is this file.
      if (await isFile(path)) return;
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeAtomically(path, bytes);
    },

    async get(key): Promise<StoredMedia | null> {
      const contentType = checkMediaKey(key);
      const path = pathOf(key);
      // Open first, then read size and bytes from the open file: a delete in between cannot split them.
      const handle = await open(path, 'r').catch(nullIfMissing);
      if (!handle) return null;
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { body: createReadStream('', { fd: handle, autoClose: true }), contentType, size: info.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      await unlink(pathOf(key)).catch(nullIfMissing);
    },

    async exists(key) {
      return isFile(pathOf(key));
    },
  };
}

/**
 * Writes to a temporary file beside the final one, flushes it to disk, then renames it into place: a crash
 * or a full disk leaves at most a temporary file (a dot-name that is never a media key, so never served),
 * never half a file under the final name. Two puts of one key at once both rename the same bytes.
 */
async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const file = await open(temporary, 'wx', 0o600);
  try {
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  // The rename itself survives a power cut only once the folder is flushed too.
  const folder = await open(dirname(path), 'r');
  await folder.sync().finally(() => folder.close());
}

async function isFile(path: string): Promise<boolean> {
  const info = await stat(path).catch(nullIfMissing);
  return info?.isFile() ?? false;
}

function nullIfMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}
