import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { folderMediaStorage } from '../../src/server/media/storage-folder.js';
import { mediaKeyFor } from '../../src/server/media/storage.js';
import { describeMediaStorage, hostileKeys } from './storage-suite.js';

// Media may be another member's unattached upload: only the server's account may read it, and a file is
// either whole under its name or not there.

const parent = mkdtempSync(join(tmpdir(), 'realm-media-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));
let folders = 0;
const freshFolder = () => join(parent, `media-${++folders}`);

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const everything = (folder: string) => readdirSync(folder, { recursive: true }).map(String).sort();

describeMediaStorage('the folder', () => folderMediaStorage(freshFolder()));

describe('the folder', () => {
  it('is made owner-only (0700) down to each file, and the files 0600', async () => {
    const folder = freshFolder();
    const bytes = Buffer.from('a private photo');
    const key = mediaKeyFor(bytes, 'webp');
    await folderMediaStorage(folder).put(key, bytes, 'image/webp');
    const [first, second] = key.split('/');
    expect(modeOf(folder)).toBe('700');
    expect(modeOf(join(folder, first!))).toBe('700');
    expect(modeOf(join(folder, first!, second!))).toBe('700');
    expect(modeOf(join(folder, key))).toBe('600');
  });

  it('never shows a partly written file under its final name, and leaves no temporary file', async () => {
    const folder = freshFolder();
    const storage = folderMediaStorage(folder);
    const bytes = Buffer.alloc(16 * 1024 * 1024, 7);
    const key = mediaKeyFor(bytes, 'png');
    const sizesSeen = new Set<number>();
    let done = false;
    const put = storage.put(key, bytes, 'image/png').finally(() => (done = true));
    while (!done) {
      const info = await stat(join(folder, key)).catch(() => undefined);
      if (info) sizesSeen.add(info.size);
      await nextTurn();
    }
    await put;
    sizesSeen.add(statSync(join(folder, key)).size);
    expect([...sizesSeen]).toEqual([bytes.length]);
    expect(everything(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('removes its temporary file when the write fails, and keeps nothing under the name', async () => {
    const folder = freshFolder();
    const storage = folderMediaStorage(folder);
    const bytes = Buffer.from('cannot be renamed into place');
    const key = mediaKeyFor(bytes, 'gif');
    // A folder where the file should go makes the final rename fail after the bytes are written.
    mkdirSync(join(folder, key), { recursive: true });
    await expect(storage.put(key, bytes, 'image/gif')).rejects.toThrow();
    expect(everything(folder).filter((name) => name.includes('.tmp'))).toEqual([]);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('does not rewrite a file already there', async () => {
    const folder = freshFolder();
    const storage = folderMediaStorage(folder);
    const bytes = Buffer.from('written once');
    const key = mediaKeyFor(bytes, 'jpg');
    await storage.put(key, bytes, 'image/jpeg');
    const before = statSync(join(folder, key));
    await storage.put(key, bytes, 'image/jpeg');
    const after = statSync(join(folder, key));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('touches nothing, inside the folder or out, for a hostile key', async () => {
    const folder = freshFolder();
    const storage = folderMediaStorage(folder);
    for (const key of hostileKeys) {
      await storage.put(key as string, Buffer.from('x'), 'image/webp').catch(() => undefined);
    }
    expect(() => readdirSync(folder)).toThrow(/ENOENT/);
    expect(readdirSync(parent).filter((name) => !name.startsWith('media-'))).toEqual([]);
  });

  it('names its folder in describe()', () => {
    const folder = freshFolder();
    expect(folderMediaStorage(folder).describe()).toBe(`folder ${folder}`);
  });
});
