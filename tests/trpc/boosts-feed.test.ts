import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { nextMs } from '../helpers/expect.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Boosts in the home feed (docs/decisions/0011-boosts-in-the-home-feed.md): a boost by me or someone I
// follow puts the post in my Latest feed at the time of the boost, with its booster, once per feed at its
// newest item. Runs on both engines (the suite on postgres picks up tests/trpc).

let t: TestApp;
afterEach(() => t?.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

/** My Latest feed's pages, each as "content" or "content <- booster", in order, walking every page. */
async function pagesOf(me: Member) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ReturnType<TestApp['caller']>['posts']['feed']>> = await t
      .caller(me.token)
      .posts.feed({ mode: 'latest', cursor });
    pages.push(
      page.items.map((card) =>
        card.boostedBy ? `${card.content} <- ${card.boostedBy.username}` : card.content,
      ),
    );
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

/** My whole Latest feed, every page's items in order. */
const feedOf = async (me: Member) => (await pagesOf(me)).flat();

async function post(m: Member, content: string) {
  await nextMs();
  return (await t.caller(m.token).posts.create({ content })).id;
}
async function boost(m: Member, postId: string) {
  await nextMs();
  await t.caller(m.token).posts.boost({ postId });
}
const follow = (m: Member, other: Member) => t.caller(m.token).follow.follow({ userId: other.id });

describe('boosts in the home feed', () => {
  it('place the post at the time of the boost with its booster, mine too; not in Trending', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ana = await t.member({ username: 'ana' });
    const stranger = await t.member({ username: 'stranger' });
    await follow(me, ana);
    const old = await post(stranger, 'old news');
    await post(ana, 'ana writes');
    await boost(ana, old);
    expect(await feedOf(me)).toEqual(['old news <- ana', 'ana writes']);
    const card = (await t.caller(me.token).posts.feed({ mode: 'latest' })).items[0]!;
    expect(card.boostedBy).toEqual({
      id: ana.id,
      username: 'ana',
      firstName: 'Test',
      lastName: expect.any(String),
      profilePic: '',
    });
    const trending = await t.caller(me.token).posts.feed({ mode: 'trending' });
    expect(trending.items.map((c) => c.content)).toEqual(['ana writes']);
    // My own boost shows in my feed (as on Mastodon); the booster is not in the stranger's feed.
    const mine = await post(stranger, 'for me');
    await boost(me, mine);
    expect(await feedOf(me)).toEqual(['for me <- ' + me.username, 'old news <- ana', 'ana writes']);
    expect(await feedOf(stranger)).toEqual(['for me', 'old news']);
  });

  it('show a post once, at its newest boost, whoever boosted it and whether I follow its author', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const [ana, ben, author] = await Promise.all([
      t.member({ username: 'ana' }),
      t.member({ username: 'ben' }),
      t.member({ username: 'author' }),
    ]);
    for (const m of [ana, ben, author]) await follow(me, m);
    const postId = await post(author, 'popular');
    await post(author, 'later');
    await boost(ben, postId);
    await boost(ana, postId);
    expect(await feedOf(me)).toEqual(['popular <- ana', 'later']);
    await t.caller(ana.token).posts.unboost({ postId });
    expect(await feedOf(me)).toEqual(['popular <- ben', 'later']);
    await t.caller(ben.token).posts.unboost({ postId });
    expect(await feedOf(me)).toEqual(['later', 'popular']);
  });

  it('keep a post once across pages; a first page led by boosts is full', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ana = await t.member({ username: 'ana' });
    const author = await t.member({ username: 'author' });
    await follow(me, ana);
    await follow(me, author);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await post(author, `p${i}`));
    // The oldest ten boosted, newest boost last: they lead the feed, and their originals are gone below.
    for (let i = 0; i < 10; i++) await boost(ana, ids[i]!);
    const boosted = Array.from({ length: 10 }, (_, i) => `p${9 - i} <- ana`);
    const originals = Array.from({ length: 20 }, (_, i) => `p${29 - i}`);
    expect(await feedOf(me)).toEqual([...boosted, ...originals]);
    const first = await t.caller(me.token).posts.feed({ mode: 'latest' });
    expect(first.items).toHaveLength(20);
  });

  it('"Hide boosts" on a followed member takes their boosts out; "Show boosts" brings them back', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ana = await t.member({ username: 'ana' });
    const other = await t.member({ username: 'other' });
    await follow(me, ana);
    const postId = await post(other, 'shared');
    await post(ana, 'own words');
    await boost(ana, postId);
    const caller = t.caller(me.token).follow;
    expect(await caller.setBoostsHidden({ userId: ana.id, hidden: true })).toMatchObject({
      boostsHiddenByMe: true,
      followedByMe: true,
    });
    expect(await feedOf(me)).toEqual(['own words']);
    expect(await caller.setBoostsHidden({ userId: ana.id, hidden: false })).toMatchObject({
      boostsHiddenByMe: false,
    });
    expect(await feedOf(me)).toEqual(['shared <- ana', 'own words']);
    await expect(caller.setBoostsHidden({ userId: other.id, hidden: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Follow this member first to choose whether their boosts show.',
    });
  });

  it('leave out boosts of a deleted post, of a post whose author is hidden from me, and by a hidden booster', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const named = async (username: string) => t.member({ username });
    const [ana, ben, author, blocked, blocker, muted, suspended] = [
      await named('ana'),
      await named('ben'),
      await named('author'),
      await named('blocked'),
      await named('blocker'),
      await named('muted'),
      await named('suspended'),
    ];
    await follow(me, ana);
    await follow(me, ben);
    const gone = await post(author, 'gone');
    const byBlocked = await post(blocked, 'by blocked');
    const byBlocker = await post(blocker, 'by blocker');
    const byMuted = await post(muted, 'by muted');
    const bySuspended = await post(suspended, 'by suspended');
    const fine = await post(author, 'fine');
    for (const postId of [gone, byBlocked, byBlocker, byMuted, bySuspended]) await boost(ana, postId);
    await boost(ben, fine);
    await t.caller(author.token).posts.delete({ postId: gone });
    await t.caller(me.token).relations.block({ username: 'blocked' });
    await t.caller(blocker.token).relations.block({ username: me.username });
    await t.caller(me.token).relations.mute({ username: 'muted' });
    await t.sql(`update users set status = 'suspended' where id = $1`, [suspended.id]);
    expect(await feedOf(me)).toEqual(['fine <- ben']);
    // The booster muted, or suspended: their boosts go too.
    await t.caller(me.token).relations.mute({ username: 'ben' });
    expect(await feedOf(me)).toEqual([]);
    await t.caller(me.token).relations.unmute({ username: 'ben' });
    await t.sql(`update users set status = 'suspended' where id = $1`, [ben.id]);
    expect(await feedOf(me)).toEqual([]);
  });

  it('give a post its own place back when its booster is muted, suspended, hidden or blocks me', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ana = await t.member({ username: 'ana' });
    const author = await t.member({ username: 'author' });
    await follow(me, ana);
    await follow(me, author);
    const postId = await post(author, 'news');
    await boost(ana, postId);
    expect(await feedOf(me)).toEqual(['news <- ana']);
    // Muted or suspended, or with their boosts hidden, a booster's boost gives the post its place back.
    await t.caller(me.token).relations.mute({ username: 'ana' });
    expect(await feedOf(me)).toEqual(['news']);
    await t.caller(me.token).relations.unmute({ username: 'ana' });
    await t.sql(`update users set status = 'suspended' where id = $1`, [ana.id]);
    expect(await feedOf(me)).toEqual(['news']);
    await t.sql(`update users set status = 'active' where id = $1`, [ana.id]);
    await t.caller(me.token).follow.setBoostsHidden({ userId: ana.id, hidden: true });
    expect(await feedOf(me)).toEqual(['news']);
    await t.caller(me.token).follow.setBoostsHidden({ userId: ana.id, hidden: false });
    expect(await feedOf(me)).toEqual(['news <- ana']);
    // A block ends the follow both ways: the boost leaves, the original comes back.
    await t.caller(ana.token).relations.block({ username: me.username });
    expect(await feedOf(me)).toEqual(['news']);
  });

  it('keep paging past items a page leaves out: every post once, pages short where boosts moved posts up', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ana = await t.member({ username: 'ana' });
    const bea = await t.member({ username: 'bea' });
    await follow(me, ana);
    await follow(me, bea);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await post(ana, `a${i}`));
    // Bea boosts the 25 newest: they move up under her boost, and their originals are left out further down.
    for (const id of ids.slice(5).reverse()) await boost(bea, id);
    const pages = await pagesOf(me);
    const sizes = pages.map((page) => page.length);
    const seen = pages.flat().map((item) => item.replace(' <- bea', ''));
    const boosted = Array.from({ length: 25 }, (_, i) => `a${5 + i}`);
    expect(seen).toEqual([...boosted, 'a4', 'a3', 'a2', 'a1', 'a0']);
    expect(sizes[0]).toBe(20);
    expect(sizes.slice(1).some((size) => size < 20)).toBe(true);
  });

  it("keep each member's stream in step: a deleted post, an undone boost and a deleted account leave no item", async () => {
    t = await makeTestApp();
    const ana = await t.member({ username: 'ana' });
    const bea = await t.member({ username: 'bea' });
    const items = async () =>
      (await t.sql<{ member_id: string; post_id: string }>('select member_id, post_id from feed_items'))
        .map((row) => `${row.member_id === ana.id ? 'ana' : 'bea'} ${row.post_id}`)
        .sort();
    const kept = await post(ana, 'kept');
    const gone = await post(ana, 'gone');
    const beas = await post(bea, 'by bea');
    await boost(bea, kept);
    await boost(bea, gone);
    await boost(ana, beas);
    expect(await items()).toEqual(
      [`ana ${kept}`, `ana ${gone}`, `ana ${beas}`, `bea ${beas}`, `bea ${kept}`, `bea ${gone}`].sort(),
    );
    await t.caller(ana.token).posts.delete({ postId: gone });
    await t.caller(bea.token).posts.unboost({ postId: kept });
    expect(await items()).toEqual([`ana ${kept}`, `ana ${beas}`, `bea ${beas}`].sort());
    await t.caller(bea.token).account.delete({ password: factoryPassword });
    expect(await items()).toEqual([`ana ${kept}`]);
  });
});
