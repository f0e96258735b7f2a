import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { uploaded } from './media-helpers.js';

// admin.storage (/admin/storage, and `realm admin media-usage` through the same rule): what pictures take
// in all and by the heaviest members, as the quotas count them. Admins only.

let t: TestApp;
afterEach(() => t?.close());

const bytesOf = (rows: { bytes: number }[]) => rows.reduce((sum, row) => sum + Number(row.bytes), 0);

describe('the storage report', () => {
  it('counts every upload, the unattached ones, and lists the heaviest members first', async () => {
    t = await makeTestApp();
    const admin = await t.member({ role: 'admin' });
    const [ana, bo, cy] = [await t.member(), await t.member(), await t.member()];
    const empty = await t.caller(admin.token).admin.storage({});
    expect(empty).toEqual({ pictures: 0, unattached: 0, bytes: 0, top: [] });

    const anas = [await uploaded(t, ana.token), await uploaded(t, ana.token), await uploaded(t, ana.token)];
    await t
      .caller(ana.token)
      .posts.create({ content: 'two', media: anas.slice(0, 2).map(({ id }) => ({ id, alt: '' })) });
    await uploaded(t, bo.token);
    await uploaded(t, cy.token);
    const rows = await t.sql<{ owner_id: string; bytes: number }>('select owner_id, bytes from media');
    const own = (id: string) => bytesOf(rows.filter((row) => row.owner_id === id));

    const usage = await t.caller(admin.token).admin.storage({ top: 2 });
    expect(usage).toMatchObject({ pictures: 5, unattached: 3, bytes: bytesOf(rows) });
    const second = [bo, cy].sort((a, b) => own(b.id) - own(a.id) || a.username.localeCompare(b.username))[0]!;
    expect(usage.top).toEqual([
      { username: ana.username, pictures: 3, bytes: own(ana.id) },
      { username: second.username, pictures: 1, bytes: own(second.id) },
    ]);
    // Each upload keeps two real files: the sizes are theirs, not a guess.
    expect(own(ana.id)).toBeGreaterThan(3 * 200);

    // A deleted post's pictures leave the count.
    const post = (await t.caller(ana.token).posts.byUser({ username: ana.username })).items[0]!;
    await t.caller(ana.token).posts.delete({ postId: post.id });
    expect(await t.caller(admin.token).admin.storage({})).toMatchObject({ pictures: 3, unattached: 3 });
  });

  it('is for admins only: members and moderators are refused, and a visitor must sign in', async () => {
    t = await makeTestApp();
    const [member, moderator] = [await t.member(), await t.member({ role: 'moderator' })];
    await expect(t.caller(member.token).admin.storage({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only admins can do this.',
    });
    await expect(t.caller(moderator.token).admin.storage({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller().admin.storage({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a list of no members or of more than a hundred', async () => {
    t = await makeTestApp();
    const admin = t.caller((await t.member({ role: 'admin' })).token);
    await expect(admin.admin.storage({ top: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.admin.storage({ top: 101 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
