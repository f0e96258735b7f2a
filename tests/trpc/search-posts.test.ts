import { afterEach, describe, expect, it } from 'vitest';
import { nextMs } from '../helpers/expect.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Search of posts (docs/search.md): every word must match, "phrases", from: and #tag, in any script, ranked,
// in pages, and with the same visibility as explore.

let t: TestApp;
afterEach(() => t?.close());

type Member = Awaited<ReturnType<TestApp['member']>>;
const as = (member?: Member) => t.caller(member?.token);
const post = async (member: Member, content: string) => {
  await nextMs();
  return (await as(member).posts.create({ content })).id;
};
/** The contents found for `q` by `viewer` (signed out when left out), first page. */
const found = async (q: string, viewer?: Member) =>
  (await as(viewer).search.posts({ q })).items.map((card) => card.content);

describe('search.posts', () => {
  it('finds posts by their words in any script, folding case and accents', async () => {
    t = await makeTestApp();
    const ana = await t.member();
    const texts = [
      'Le garçon a mangé une crème brûlée à Besançon',
      'Die Straße in München ist grün',
      'القهوة العربية في الصباح الباكر',
      '東京 タワー に 行きました',
      'Party time 🎉 with friends',
      'An ordinary English sentence',
    ];
    for (const text of texts) await post(ana, text);
    expect(await found('GARCON creme')).toEqual([texts[0]]);
    expect(await found('Besançon')).toEqual([texts[0]]);
    expect(await found('straße münchen')).toEqual([texts[1]]);
    expect(await found('GRUN')).toEqual([texts[1]]);
    expect(await found('القهوة الصباح')).toEqual([texts[2]]);
    expect(await found('東京 タワー')).toEqual([texts[3]]);
    // Unspaced Japanese: a word found at the start of a run on every engine (docs/search.md, "Limits").
    const unspaced = await post(ana, '京都駅で会いましょう');
    expect((await as(ana).search.posts({ q: '京都' })).items.map((card) => card.id)).toEqual([unspaced]);
    expect(await found('🎉 party')).toEqual([texts[4]]); // an emoji is left out of the query
    expect(await found('ordinary sentence')).toEqual([texts[5]]);
    expect(await found('ordinary garçon')).toEqual([]); // all words must match
  });

  it('matches "a phrase" only with its words together and in order', async () => {
    t = await makeTestApp();
    const ana = await t.member();
    const together = await post(ana, 'a quiet morning coffee by the river');
    await post(ana, 'coffee in the morning, quiet');
    const page = await as(ana).search.posts({ q: '"morning coffee"' });
    expect(page.items.map((card) => card.id)).toEqual([together]);
    expect(page.highlight).toEqual(['morning coffee']);
  });

  it('narrows to an author with from: and to a tag with #tag, alone or with words', async () => {
    t = await makeTestApp();
    const [ana, ben] = [await t.member(), await t.member()];
    const anaGarden = await post(ana, 'my #garden in bloom');
    const anaOther = await post(ana, 'bread in the oven');
    const benGarden = await post(ben, 'the #garden is in bloom too');
    const ids = async (q: string) => (await as(ben).search.posts({ q })).items.map((card) => card.id);
    expect(await ids(`from:${ana.username}`)).toEqual([anaOther, anaGarden]); // newest first
    expect(await ids(`from:@${ana.username} bloom`)).toEqual([anaGarden]);
    expect(await ids('#garden')).toEqual([benGarden, anaGarden]);
    expect(await ids(`#Garden from:${ben.username}`)).toEqual([benGarden]);
    expect(await ids('#garden bread')).toEqual([]);
    expect(await ids('from:nobody-here bloom')).toEqual([]);
  });

  it('ranks the more relevant post first, and a recent one above an old one as relevant', async () => {
    t = await makeTestApp();
    const ana = await t.member();
    const old = await post(ana, 'sourdough bread recipe');
    const sparse = await post(ana, 'a long day at work, many meetings, many calls, and then sourdough');
    const dense = await post(ana, 'sourdough sourdough sourdough recipe');
    const day = 24 * 60 * 60 * 1000;
    await t.sql('update posts set created_at = created_at - $2 where id = $1', [old, 365 * day]);
    const ids = (await as(ana).search.posts({ q: 'sourdough' })).items.map((card) => card.id);
    expect(ids[0]).toBe(dense);
    expect(ids.indexOf(old)).toBeGreaterThan(ids.indexOf(sparse));
  });

  it('pages 45 matches 20 at a time, each once', async () => {
    t = await makeTestApp();
    const ana = await t.member();
    const made = new Set<string>();
    for (let i = 0; i < 45; i++) made.add(await post(ana, `walk number ${i} by the river`));
    await post(ana, 'not this one');
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<ReturnType<TestApp['caller']>['search']['posts']>> = await as(
        ana,
      ).search.posts({ q: 'river walk', cursor });
      seen.push(...page.items.map((card) => card.id));
      sizes.push(page.items.length);
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen)).toEqual(made);
  });

  it('leaves out what explore leaves out: blocked either way, muted, suspended and limited authors', async () => {
    t = await makeTestApp();
    const [me, blocked, blocker, muted, suspended, limited, shown] = await Promise.all(
      Array.from({ length: 7 }, () => t.member()),
    );
    const names = new Map<string, string>();
    for (const [name, member] of Object.entries({ blocked, blocker, muted, suspended, limited, shown })) {
      await post(member!, `lighthouse seen by ${name}`);
      names.set(member!.username, name);
    }
    await as(me).relations.block({ username: blocked!.username });
    await as(blocker).relations.block({ username: me!.username });
    await as(me).relations.mute({ username: muted!.username });
    await t.sql(`update users set status = 'suspended' where id = $1`, [suspended!.id]);
    await t.sql('update users set limited_at = $2 where id = $1', [limited!.id, Date.now()]);
    expect(await found('lighthouse', me)).toEqual(['lighthouse seen by shown']);
    // Signed out: nobody's relations, but suspended and limited members stay out.
    expect((await found('lighthouse')).sort()).toEqual(
      ['blocked', 'blocker', 'muted', 'shown'].map((name) => `lighthouse seen by ${name}`),
    );
    expect(await found(`from:${muted!.username}`, me)).toEqual([]);
    expect(await found(`from:${limited!.username}`, me)).toEqual([]);
  });

  it('drops a deleted post from the index and follows an edit', async () => {
    t = await makeTestApp();
    const ana = await t.member();
    const gone = await post(ana, 'ephemeral thought');
    const edited = await post(ana, 'first draft about kayaks');
    await as(ana).posts.delete({ postId: gone });
    await as(ana).posts.edit({ postId: edited, content: 'final text about canoes' });
    expect(await found('ephemeral')).toEqual([]);
    expect(await found('kayaks')).toEqual([]);
    expect(await found('canoes')).toEqual(['final text about canoes']);
  });

  it('refuses an empty, overlong or operator-only query that narrows nothing, and a forged cursor', async () => {
    t = await makeTestApp();
    const refused = (q: string, message: string) =>
      expect(as().search.posts({ q })).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    await refused('   ', 'A search must be 1 to 200 characters.');
    await refused('x'.repeat(201), 'A search must be 1 to 200 characters.');
    await refused('🎉 — !!', 'Type a word to search for, "a phrase", from:username or #tag.');
    await refused('from:', 'Write a username after from:, as in from:ana.');
    await refused('from:a from:b', 'Search the posts of one member at a time (one from:).');
    await refused('a b c d e f g h i', 'Search for at most 8 words or phrases at a time.');
    // FTS5's own syntax is only ever text: none of these is an error.
    for (const q of [
      'NEAR(a b)',
      'a OR b',
      '"unclosed',
      'col:word',
      'a* b*',
      'a AND NOT b',
      '^start',
      '-x +y',
    ]) {
      await expect(as().search.posts({ q })).resolves.toMatchObject({ items: [] });
    }
    await expect(as().search.posts({ q: 'word', cursor: 'bm90IGEgY3Vyc29y' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
