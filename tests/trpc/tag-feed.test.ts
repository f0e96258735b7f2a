import { afterEach, describe, expect, it } from 'vitest';
import { expectInvalid, nextMs } from '../helpers/expect.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// `#tag` in a post links to /tag/:tag, the posts with that tag, newest first, in pages.

let t: TestApp;
afterEach(() => t?.close());

const tagMessage =
  'A tag is 1 to 100 letters, digits or underscores, at least one of them not a digit, without the #.';

async function author() {
  const me = await t.member();
  const caller = t.caller(me.token);
  return { me, caller, post: async (content: string) => (await caller.posts.create({ content })).id };
}

/** The ids of every post of a tag's feed, walked page by page, and the size of each page. */
async function walkTag(tag: string) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ReturnType<TestApp['caller']>['posts']['byTag']>> = await t
      .caller()
      .posts.byTag({ tag, cursor });
    ids.push(...page.items.map((card) => card.id));
    sizes.push(page.items.length);
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, sizes };
}

describe('posts.byTag', () => {
  it('pages through 45 tagged posts newest first, 20 at a time, leaving out the untagged', async () => {
    t = await makeTestApp();
    const { post } = await author();
    const tagged: string[] = [];
    for (let i = 0; i < 45; i++) {
      await nextMs();
      tagged.push(await post(`day ${i} of #hundreddays`));
      if (i % 10 === 0) await post(`day ${i}, no tag: hundreddays #hundreddays2`);
    }
    const { ids, sizes } = await walkTag('hundreddays');
    expect(sizes).toEqual([20, 20, 5]);
    expect(ids).toEqual(tagged.reverse());
    const card = (await t.caller().posts.byTag({ tag: 'hundreddays' })).items[0]!;
    expect(card).toMatchObject({ content: 'day 44 of #hundreddays', likedByMe: false, mentions: [] });
  });

  it('folds case and compatibility forms: #Realm, #realm and #Ｒｅａｌｍ are one tag', async () => {
    t = await makeTestApp();
    const { post } = await author();
    const first = await post('Hello #Realm');
    await nextMs();
    const second = await post('hello #realm again');
    await nextMs();
    const third = await post('wide #Ｒｅａｌｍ');
    for (const asked of ['realm', 'REALM', 'Realm', 'Ｒｅａｌｍ']) {
      expect((await walkTag(asked)).ids, asked).toEqual([third, second, first]);
    }
  });

  it('reads tags in any script, with digits and underscores', async () => {
    t = await makeTestApp();
    const { post } = await author();
    const id = await post('#東京 #café #Ελλάδα #day_1 #2026realm, and #1 is no tag');
    for (const tag of ['東京', 'CAFÉ', 'ελλάδα', 'day_1', '2026realm']) {
      expect((await walkTag(tag)).ids, tag).toEqual([id]);
    }
  });

  it('records tags when a post is written, replaces them on edit, and lets them go with the post', async () => {
    t = await makeTestApp();
    const { caller, post } = await author();
    const id = await post('#before and #kept');
    await nextMs();
    const other = await post('also #before');
    expect((await walkTag('before')).ids).toEqual([other, id]);

    await caller.posts.edit({ postId: id, content: '#after and #kept' });
    expect((await walkTag('before')).ids).toEqual([other]);
    expect((await walkTag('after')).ids).toEqual([id]);
    expect((await walkTag('kept')).ids).toEqual([id]);
    // Edited, the post keeps its place: the feed is by when it was written.
    await nextMs();
    const newer = await post('#kept too');
    expect((await walkTag('kept')).ids).toEqual([newer, id]);

    await caller.posts.delete({ postId: id });
    expect((await walkTag('kept')).ids).toEqual([newer]);
    expect((await walkTag('after')).ids).toEqual([]);
    expect(await t.sql('select tag from post_tags where post_id = $1', [id])).toEqual([]);
  });

  it('answers an empty page for a tag nobody used, and shows each viewer their own like', async () => {
    t = await makeTestApp();
    const { post } = await author();
    const fan = await t.member();
    const id = await post('#liked');
    await t.caller(fan.token).posts.like({ postId: id });
    expect(await t.caller().posts.byTag({ tag: 'nobodyused' })).toEqual({ items: [], nextCursor: null });
    expect((await t.caller(fan.token).posts.byTag({ tag: 'liked' })).items[0]).toMatchObject({
      id,
      likeCount: 1,
      likedByMe: true,
    });
  });

  it('refuses what is not a tag with a clear message, and a forged cursor', async () => {
    t = await makeTestApp();
    for (const bad of ['', '#realm', '123', 'two words', 'a-b', 'x'.repeat(101)]) {
      await expectInvalid(t.caller().posts.byTag({ tag: bad }), tagMessage);
    }
    expect((await t.caller().posts.byTag({ tag: 'x'.repeat(100) })).items).toEqual([]);
    await expect(t.caller().posts.byTag({ tag: 'realm', cursor: 'bm9wZQ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That page cursor is not valid. Start again from the first page.',
    });
  });
});
