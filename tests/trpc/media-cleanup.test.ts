import { afterEach, describe, expect, it } from 'vitest';
import { cleanupUnattached } from '../../src/server/domain/media.js';
import { folderMediaStorage } from '../../src/server/media/storage-folder.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { mediaRows, stored, uploaded } from './media-helpers.js';

let t: TestApp;
afterEach(() => t?.close());

const hour = 60 * 60 * 1000;
/** The app's own storage: the folder it keeps pictures in. */
const files = () => folderMediaStorage(t.mediaFolder);

describe('uploads never attached', () => {
  it('are deleted after 24 hours, rows then files; younger and attached ones stay', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const [old, young, attached] = [
      await uploaded(t, member.token),
      await uploaded(t, member.token),
      await uploaded(t, member.token),
    ];
    await t.caller(member.token).posts.create({ content: 'kept', media: [{ id: attached.id, alt: '' }] });
    const now = Date.now();
    await t.sql('update media set created_at = $1 where id = $2', [now - 25 * hour, old.id]);
    await t.sql('update media set created_at = $1 where id = $2', [now - 1 * hour, young.id]);
    await t.sql('update media set created_at = $1 where id = $2', [now - 48 * hour, attached.id]);

    expect(await cleanupUnattached(t.store, files(), now)).toBe(1);
    expect((await mediaRows(t)).map((row) => row.id).sort()).toEqual([young.id, attached.id].sort());
    expect(stored(t, old.url) || stored(t, old.previewUrl)).toBe(false);
    expect(stored(t, young.url) && stored(t, attached.url)).toBe(true);
    // Run again (another worker, the next hour): nothing more to do.
    expect(await cleanupUnattached(t.store, files(), now)).toBe(0);
  });
});

describe('a feed page with pictures', () => {
  it('runs the same number of statements as one without', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const me = t.caller(author.token);
    for (let i = 0; i < 3; i++) await me.posts.create({ content: `text ${i}` });
    const count = () => statementsRunBy(t, () => t.caller(author.token).posts.feed({}));
    const [textOnly, explore] = [await count(), await statementsRunBy(t, () => t.caller().posts.explore({}))];
    for (let i = 0; i < 3; i++) {
      const pictures = [await uploaded(t, author.token), await uploaded(t, author.token)];
      await me.posts.create({
        content: `photos ${i}`,
        media: pictures.map(({ id }) => ({ id, alt: 'alt' })),
      });
    }
    const page = await t.caller(author.token).posts.feed({});
    expect(page.items.filter((card) => card.media.length === 2)).toHaveLength(3);
    expect(await count()).toBe(textOnly);
    expect(await statementsRunBy(t, () => t.caller().posts.explore({}))).toBe(explore);
  });
});
