import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { comments, posts } from '../../src/server/store/sqlite/schema.js';
import { cardsOf } from '../../src/server/domain/post-cards.js';
import { isoTimeSql } from '../../src/server/store/sqlite/cards.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { trickyText } from '../helpers/tricky-text.js';

// Cards and comments are written as JSON by SQLite (src/server/store/sqlite/cards.ts). These check what that
// must not get wrong: text, times to the millisecond, my own flags, the order of a page, and that a nested
// user carries only public fields.

let t: TestApp;
afterEach(() => t?.close());

type Member = Awaited<ReturnType<TestApp['member']>>;

/** A post inserted at an exact time, so its ISO time has one right answer. */
function postAt(author: Member, at: number, content = 'a post') {
  const id = crypto.randomUUID();
  t.db
    .insert(posts)
    .values({ id, authorId: author.id, content, createdAt: at, updatedAt: at + 1 })
    .run();
  return id;
}

describe('cards written by SQLite', () => {
  it('keep any text exactly, in the post, its author and its comments', async () => {
    t = await makeTestApp();
    const me = await t.member({ firstName: 'Zoë "Z"', lastName: "O'Brien\\" });
    const created = await t.caller(me.token).posts.create({ content: trickyText });
    await t.caller(me.token).comments.add({ postId: created.id, text: trickyText });

    const card = await t.caller().posts.byId({ postId: created.id });
    expect(card.content).toBe(trickyText);
    expect(card.author).toEqual({
      id: me.id,
      username: me.username,
      firstName: 'Zoë "Z"',
      lastName: "O'Brien\\",
      profilePic: '',
    });
    expect(card.latestComments[0]!.text).toBe(trickyText);
    const page = await t.caller().comments.list({ postId: created.id });
    expect(page.items[0]!.text).toBe(trickyText);
    expect(page.items[0]!.author).toEqual(card.author);
  });

  it('answer times as Date.toISOString() does, to the millisecond', async () => {
    t = await makeTestApp();
    const me = await t.member();
    for (const at of [Date.UTC(2026, 0, 2, 3, 4, 5, 7), Date.UTC(2025, 11, 31, 23, 59, 59, 999), 1e12]) {
      const postId = postAt(me, at);
      t.db
        .insert(comments)
        .values({
          id: crypto.randomUUID(),
          postId,
          authorId: me.id,
          text: 'c',
          createdAt: at,
          updatedAt: at + 90,
        })
        .run();
      t.db.$client.prepare('update posts set comment_count = 1 where id = ?').run(postId);
      const card = await t.caller().posts.byId({ postId });
      expect([card.createdAt, card.updatedAt]).toEqual([
        new Date(at).toISOString(),
        new Date(at + 1).toISOString(),
      ]);
      const [comment] = card.latestComments;
      expect([comment!.createdAt, comment!.updatedAt]).toEqual([
        new Date(at).toISOString(),
        new Date(at + 90).toISOString(),
      ]);
      // The post page's comment is the card's, with its score and my vote.
      const listed = (await t.caller().comments.list({ postId })).items[0];
      expect(listed).toEqual({ ...comment, score: 0, myVote: null });
    }
  });

  it('write any millisecond from 1970 to 2100 as toISOString does (SQLite counts them in floating point)', () => {
    const sqlite = new Database(':memory:');
    try {
      const edges = [0, 1, 999, 1000, 1001, Date.UTC(2000, 1, 29, 23, 59, 59, 999), 4102444799999];
      let seed = 7;
      const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647; // repeatable
      const times = [...edges, ...Array.from({ length: 50_000 }, () => Math.floor(random() * 4102444800000))];
      const written = sqlite
        .prepare(`select ${isoTimeSql('value')} from json_each(?)`)
        .pluck()
        .all(JSON.stringify(times));
      const wrong = times.filter((ms, i) => written[i] !== new Date(ms).toISOString());
      expect(written).toHaveLength(times.length);
      expect(wrong.slice(0, 3)).toEqual([]); // a few, not 50,000 strings to diff
    } finally {
      sqlite.close();
    }
  });

  it('show each viewer their own like, dislike and bookmark, and none when signed out', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const fan = await t.member();
    const critic = await t.member();
    const { id: postId } = await t.caller(author.token).posts.create({ content: 'hello' });
    await t.caller(fan.token).posts.like({ postId });
    await t.caller(fan.token).bookmarks.add({ postId });
    await t.caller(critic.token).posts.dislike({ postId });

    const flags = async (token?: string) => {
      const card = await t.caller(token).posts.byId({ postId });
      return [card.likedByMe, card.dislikedByMe, card.bookmarkedByMe];
    };
    expect(await flags(fan.token)).toEqual([true, false, true]);
    expect(await flags(critic.token)).toEqual([false, true, false]);
    expect(await flags(author.token)).toEqual([false, false, false]);
    expect(await flags()).toEqual([false, false, false]);
  });

  it('come in the order asked for, leaving out posts that are gone', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ids = [postAt(me, 3000), postAt(me, 1000), postAt(me, 2000)];
    const asked = [ids[2]!, 'no-such-post', ids[0]!, ids[1]!];
    expect((await cardsOf(t.store, null, asked)).map((card) => card.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(await cardsOf(t.store, null, [])).toEqual([]);
  });

  it('carry the four latest comments, newest first, with exactly the public fields of each user', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const postId = postAt(me, 1000);
    for (let i = 0; i < 6; i++) {
      t.db
        .insert(comments)
        .values({
          id: `c${i}`,
          postId,
          authorId: me.id,
          text: `c${i}`,
          createdAt: 2000 + i,
          updatedAt: 2000 + i,
        })
        .run();
    }
    t.db.$client.prepare('update posts set comment_count = 6 where id = ?').run(postId);
    const [card] = await cardsOf(t.store, me.id, [postId]);
    expect(card!.latestComments.map((comment) => comment.text)).toEqual(['c5', 'c4', 'c3', 'c2']);
    expect(Object.keys(card!).sort()).toEqual(
      [
        'author',
        'commentCount',
        'content',
        'createdAt',
        'dislikedByMe',
        'editedAt',
        'bookmarkedByMe',
        'boostCount',
        'boosted',
        'boostedBy',
        'id',
        'latestComments',
        'likeCount',
        'likedByMe',
        'media',
        'mentions',
        'updatedAt',
        'commentPolicy',
        'quotePolicy',
        'mayComment',
        'mayQuote',
        'quote',
      ].sort(),
    );
    for (const user of [card!.author, card!.latestComments[0]!.author]) {
      expect(Object.keys(user).sort()).toEqual(['firstName', 'id', 'lastName', 'profilePic', 'username']);
    }
    expect(Object.keys(card!.latestComments[0]!).sort()).toEqual(
      ['author', 'createdAt', 'editedAt', 'id', 'mentions', 'postId', 'text', 'updatedAt'].sort(),
    );
  });
});
