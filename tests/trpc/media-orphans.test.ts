import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { cleanupUnattached } from '../../src/server/domain/media.js';
import { openMediaStorage } from '../../src/server/media/storage-open.js';
import type { MediaStorageConfig } from '../../src/server/media/storage-config.js';
import { startS3rver, type S3rverHandle } from '../helpers/s3rver.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { jpeg, keyOf, storedFiles, uploaded, type Uploaded } from './media-helpers.js';

// No orphans, on both storages: after each way pictures' rows are deleted (an author's delete, a moderator's
// removal, an edit leaving pictures out, an unattached upload's cleanup, a deleted account), the storage
// holds exactly the files of the rows that remain: none left behind, none lost (a file two uploads share
// stays while one of them does). Once with the media folder, once with object storage (s3rver).

let s3: S3rverHandle;
beforeAll(async () => void (s3 = await startS3rver()));
afterAll(() => s3?.close());

let t: TestApp;
afterEach(() => t?.close());

type Storage = { config?: MediaStorageConfig; files(): Promise<string[]> };

const storages: [string, () => Promise<Storage>][] = [
  ['the media folder', async () => ({ files: async () => storedFiles(t) })],
  [
    'object storage',
    async () => {
      const config = await s3.freshBucket();
      return { config, files: () => s3.keysIn(config.bucket) };
    },
  ],
];

describe.each(storages)('with %s', (_name, open) => {
  it('the storage holds exactly the files of the remaining rows after every kind of deletion', async () => {
    const storage = await open();
    t = await makeTestApp(storage.config ? { media: { storage: storage.config } } : {});
    // The storage the app uses, for the cleanup that runs on a timer in the server.
    const files = openMediaStorage(storage.config ?? { kind: 'folder', folder: t.mediaFolder });
    const [author, other] = [await t.member(), await t.member()];
    const moderator = await t.member({ role: 'moderator' });
    const me = t.caller(author.token);
    const post = async (pictures: Uploaded[]) =>
      (await me.posts.create({ content: 'photos', media: pictures.map(({ id }) => ({ id, alt: '' })) })).id;

    /** Files the rows name; the storage must come to hold exactly these (files go once the write commits). */
    const settled = async (gone: Uploaded[]) => {
      const rows = await t.sql<{ large_key: string; preview_key: string }>(
        'select large_key, preview_key from media',
      );
      const expected = [...new Set(rows.flatMap((row) => [row.large_key, row.preview_key]))].sort();
      await expect.poll(async () => (await storage.files()).sort(), { timeout: 5_000 }).toEqual(expected);
      for (const picture of gone) expect(expected).not.toContain(keyOf(picture.url));
    };

    const shared = await jpeg();
    const mine = await uploaded(t, author.token, shared);
    const rest: Uploaded[] = [];
    for (let i = 0; i < 6; i++) rest.push(await uploaded(t, author.token));
    const [two, three, four, five, old, kept] = rest as [
      Uploaded,
      Uploaded,
      Uploaded,
      Uploaded,
      Uploaded,
      Uploaded,
    ];
    // The other member uploads the very same photo: one file, two rows.
    const theirs = await uploaded(t, other.token, shared);
    expect(theirs.url).toBe(mine.url);
    await t.caller(other.token).posts.create({ content: 'same', media: [{ id: theirs.id, alt: '' }] });

    const first = await post([mine, two]);
    const second = await post([three]);
    const third = await post([four, five]);
    await post([kept]);
    await settled([]);

    await me.posts.delete({ postId: second });
    await settled([three]);

    await t.caller(moderator.token).admin.removeContent({ kind: 'post', postId: third, reason: 'spam' });
    await settled([four, five]);

    await me.posts.edit({ postId: first, content: 'one', media: [{ id: mine.id, alt: '' }] });
    await settled([two]);

    await t.sql('update media set created_at = $1 where id = $2', [Date.now() - 25 * 60 * 60 * 1000, old.id]);
    expect(await cleanupUnattached(t.store, files)).toBe(1);
    await settled([old]);

    await me.account.delete({ password: factoryPassword });
    await settled([kept]);
    // The shared photo stays for the other member's post; only their files are left.
    // (A small photo's preview may be the same file as the picture.)
    expect((await storage.files()).sort()).toEqual(
      [...new Set([keyOf(theirs.url), keyOf(theirs.previewUrl)])].sort(),
    );
  });
});
