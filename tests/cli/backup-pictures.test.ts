import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { query, realm, storePicture, tempFolder } from './cli-helpers.js';

// Pictures in `realm backup` and `realm restore`: with the media folder, the files the backup's rows name
// travel in FILE.media beside it and come back; with object storage the commands say the bucket needs its
// own backup.

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every file under a folder, as paths relative to it. */
const filesIn = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();

describe('realm backup and restore with pictures', () => {
  it('copy the media folder beside the backup, owner-only, and put exactly it back', async () => {
    const [live, other] = [tempFolder('pictures-live'), tempFolder('pictures-other')];
    const seeded = await Promise.all([live, other].map((data) => realm(['seed', '--demo', '--data', data])));
    expect(seeded.map((result) => result.code)).toEqual([0, 0]);
    const kept = storePicture(live, 'janecooper', 'a photo in the backup', 'm1');
    // A file no row names (an upload that failed half way) is not part of the instance: not copied.
    const file = join(tempFolder('pictures-file'), 'realm.backup');
    const backedUp = await realm(['backup', file, '--data', live]);
    expect(backedUp).toMatchObject({ code: 0, stderr: '' });
    expect(backedUp.stdout).toContain(`Copied 1 picture file to ${file}.media.`);
    const key = kept.slice(join(live, 'media').length + 1);
    expect(filesIn(`${file}.media`)).toEqual([key]);
    expect(readFileSync(join(`${file}.media`, key), 'utf8')).toBe('a photo in the backup');
    expect(mode(join(`${file}.media`, key))).toBe(0o600);
    expect(mode(`${file}.media`)).toBe(0o700);
    expect(mode(join(`${file}.media`, key.slice(0, 2)))).toBe(0o700);

    // Restored over an instance with pictures of its own: the backup's come back, the replaced ones go.
    const replaced = storePicture(other, 'marcuslee', 'a photo of the replaced instance', 'm9');
    const restored = await realm(['restore', file, '--yes', '--data', other]);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain('Deleted 1 picture file of the replaced database.');
    expect(existsSync(replaced)).toBe(false);
    expect(filesIn(join(other, 'media'))).toEqual([key]);
    expect(mode(join(other, 'media', key))).toBe(0o600);
    expect(query(other, 'select id from media')).toEqual([{ id: 'm1' }]);

    // A second backup to the same name is refused before anything is written.
    const again = await realm(['backup', file, '--data', live]);
    expect(again.code).toBe(1);
  }, 90_000);

  it('with object storage, say that the bucket must be backed up by its own means', async () => {
    const live = tempFolder('pictures-s3');
    const env = {
      REALM_MEDIA_STORAGE: 's3',
      REALM_S3_BUCKET: 'realm-pictures',
      REALM_S3_ENDPOINT: 'http://127.0.0.1:9',
      REALM_S3_REGION: 'us-east-1',
      REALM_S3_ACCESS_KEY_ID: 'key',
      REALM_S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect((await realm(['seed', '--demo', '--data', live], { env })).code).toBe(0);
    const file = join(tempFolder('pictures-s3-file'), 'realm.backup');
    const backedUp = await realm(['backup', file, '--data', live], { env });
    expect(backedUp).toMatchObject({ code: 0, stderr: '' });
    expect(backedUp.stdout).toMatch(/which this backup does not copy: back the bucket up by its own means/);
    expect(existsSync(`${file}.media`)).toBe(false);
  }, 60_000);
});
