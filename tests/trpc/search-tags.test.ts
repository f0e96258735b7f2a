import { afterEach, describe, expect, it } from 'vitest';
import { expectInvalid } from '../helpers/expect.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// search.tags: tags by their start, folded as posts' tags are stored, the most used in the last week first,
// then the most used of all time, each with its counts. Both engines (tests/pg runs this file too).

let t: TestApp;
afterEach(() => t?.close());

const day = 24 * 60 * 60 * 1000;

/** Posts `content` as `token`'s member, `daysAgo` days back (the tag's row keeps the post's time). */
async function postAt(token: string, content: string, daysAgo = 0) {
  const { id } = await t.caller(token).posts.create({ content });
  if (daysAgo === 0) return id;
  const shift = daysAgo * day;
  await t.sql('update posts set created_at = created_at - $1, updated_at = updated_at - $1 where id = $2', [
    shift,
    id,
  ]);
  await t.sql('update post_tags set created_at = created_at - $1 where post_id = $2', [shift, id]);
  return id;
}

/** A member's caller: lookup is for members. */
let api: ReturnType<TestApp['caller']>;

const tagsOf = async (q: string, limit?: number) =>
  (await api.search.tags(limit === undefined ? { q } : { q, limit })).map((row) => row.tag);

describe('search.tags', () => {
  it('orders by posts in the last 7 days, then of all time, then by tag, with both counts', async () => {
    t = await makeTestApp();
    const { token } = await t.member();
    api = t.caller(token);
    for (let i = 0; i < 3; i++) await postAt(token, `Old news #RustLang ${i}`, 30);
    await postAt(token, 'Eight days back is not recent #rustlang', 8);
    await postAt(token, 'Fresh #rust');
    await postAt(token, 'Six days back still counts #rusty', 6);
    await postAt(token, 'Gems #ruby');
    await postAt(token, 'More #Ruby and #ruby again, one post');
    await postAt(token, 'Not this one #python');

    expect(await api.search.tags({ q: 'ru' })).toEqual([
      { tag: 'ruby', count: 2, recentCount: 2 },
      { tag: 'rust', count: 1, recentCount: 1 },
      { tag: 'rusty', count: 1, recentCount: 1 },
      { tag: 'rustlang', count: 4, recentCount: 0 },
    ]);
    // Case and a leading # aside; the start only; a limit.
    expect(await tagsOf('#RUST')).toEqual(['rust', 'rusty', 'rustlang']);
    expect(await tagsOf('rustl')).toEqual(['rustlang']);
    expect(await tagsOf('ust')).toEqual([]);
    expect(await tagsOf('ru', 2)).toEqual(['ruby', 'rust']);
  });

  it('folds as stored tags are (NFKC, lower case): accents are part of a tag', async () => {
    t = await makeTestApp();
    const { token } = await t.member();
    api = t.caller(token);
    await postAt(token, 'Coffee at the #Café');
    await postAt(token, 'Full-width #ｃａｆｅｓ');
    expect(await tagsOf('CAF')).toEqual(['cafes', 'café']);
    expect(await tagsOf('café')).toEqual(['café']);
    expect(await tagsOf('ｃａｆｅ')).toEqual(['cafes']);
  });

  it('follows edits and deletions: a tag no post carries any more is not found', async () => {
    t = await makeTestApp();
    const { token } = await t.member();
    api = t.caller(token);
    const postId = await postAt(token, 'About #elixir');
    const other = await postAt(token, 'Also #elixir');
    expect(await api.search.tags({ q: 'eli' })).toEqual([{ tag: 'elixir', count: 2, recentCount: 2 }]);
    await t.caller(token).posts.edit({ postId, content: 'About #erlang now' });
    expect(await api.search.tags({ q: 'e' })).toEqual([
      { tag: 'elixir', count: 1, recentCount: 1 },
      { tag: 'erlang', count: 1, recentCount: 1 },
    ]);
    await t.caller(token).posts.delete({ postId: other });
    expect(await tagsOf('e')).toEqual(['erlang']);
  });

  it('refuses bad input with a clear message', async () => {
    t = await makeTestApp();
    api = t.caller((await t.member()).token);
    await expect(t.caller().search.tags({ q: 'ok' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const length = 'Search text must be 1 to 100 characters.';
    await expectInvalid(api.search.tags({ q: '#' }), length);
    await expectInvalid(api.search.tags({ q: '   ' }), length);
    await expectInvalid(api.search.tags({ q: 'x'.repeat(101) }), length);
    await expectInvalid(api.search.tags({ q: 'ok', limit: 1.5 }), 'limit must be a whole number.');
    await expectInvalid(api.search.tags({ q: 'ok', limit: 50 }), 'limit must be 1 to 20.');
    // Text no tag can start with simply finds none.
    expect(await api.search.tags({ q: 'no such %_ tag' })).toEqual([]);
  });
});
