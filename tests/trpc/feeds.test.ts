import { afterEach, describe, expect, it } from 'vitest';
import type { Page, PostCard } from '../../src/server/domain/views.js';
import { insertRows } from '../helpers/rows.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(() => t?.close());

// An hour ago: posts created through the API afterwards are always newer than these.
const base = () => Date.now() - 3_600_000;

type Seeded = { id: string; authorId: string; createdAt: number; likeCount: number; commentCount: number };

/** Inserts posts directly so their order is chosen: `spec(i)` gives each one's author, time and counts. */
async function insertPosts(
  n: number,
  spec: (i: number) => { authorId: string; createdAt: number; likeCount?: number; commentCount?: number },
): Promise<Seeded[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const { authorId, createdAt, likeCount = 0, commentCount = 0 } = spec(i);
    return { id: crypto.randomUUID(), authorId, createdAt, likeCount, commentCount };
  });
  await insertRows(
    t,
    'posts',
    rows.map((r, i) => ({
      id: r.id,
      author_id: r.authorId,
      content: `post ${i}`,
      like_count: r.likeCount,
      comment_count: r.commentCount,
      created_at: r.createdAt,
      updated_at: r.createdAt,
    })),
  );
  return rows;
}

const newestFirst = (rows: Seeded[]) =>
  [...rows].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)).map((r) => r.id);

/** Walks every page; `between` runs after each page is fetched (before the next). */
async function walk(
  fetch: (cursor: string | null) => Promise<Page<PostCard>>,
  between: () => Promise<unknown> = async () => undefined,
) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await fetch(cursor);
    pages.push(page.items.map((p) => p.id));
    cursor = page.nextCursor;
    if (cursor) await between();
  } while (cursor && pages.length < 20);
  return pages;
}

function expectEachOnce(pages: string[][], expected: string[]) {
  const seen = pages.flat();
  const counts = new Map<string, number>();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  expect(
    [...counts.values()].every((n) => n === 1),
    'no post repeated',
  ).toBe(true);
  for (const id of expected) expect(counts.get(id), `post ${id} shown once`).toBe(1);
}

describe('home feed', () => {
  it('contains exactly my posts and those of people I follow, newest first', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const friend = await t.member();
    const stranger = await t.member();
    await t.caller(me.token).follow.follow({ userId: friend.id });
    const authors = [me.id, friend.id, stranger.id];
    const rows = await insertPosts(9, (i) => ({ authorId: authors[i % 3]!, createdAt: base() + i * 1000 }));
    const page = await t.caller(me.token).posts.feed({ mode: 'latest' });
    const expected = newestFirst(rows.filter((r) => r.authorId !== stranger.id));
    expect(page.items.map((p) => p.id)).toEqual(expected);
    expect(page.nextCursor).toBeNull();
    // Latest is the default mode.
    expect((await t.caller(me.token).posts.feed({})).items.map((p) => p.id)).toEqual(expected);
  });

  it('drops the posts of someone I unfollow', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const friend = await t.member();
    await t.caller(me.token).follow.follow({ userId: friend.id });
    const { id } = await t.caller(friend.token).posts.create({ content: 'hello followers' });
    expect((await t.caller(me.token).posts.feed({})).items.map((p) => p.id)).toEqual([id]);
    await t.caller(me.token).follow.unfollow({ userId: friend.id });
    expect((await t.caller(me.token).posts.feed({})).items).toEqual([]);
  });

  it('orders Trending by likeCount + comment count, newest first on ties', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const b = base();
    const [low, tiedOld, tiedNew, top, tiedMid] = await insertPosts(5, (i) => ({
      authorId: me.id,
      createdAt: b + i * 1000,
      likeCount: [0, 5, 3, 10, 4][i],
    }));
    // tiedNew gets to 5 with two real comments, tiedMid with one: all three tie at 5.
    await t.caller(me.token).comments.add({ postId: tiedNew!.id, text: 'one' });
    await t.caller(me.token).comments.add({ postId: tiedNew!.id, text: 'two' });
    await t.caller(me.token).comments.add({ postId: tiedMid!.id, text: 'one' });
    const page = await t.caller(me.token).posts.feed({ mode: 'trending' });
    expect(page.items.map((p) => p.id)).toEqual([top!.id, tiedMid!.id, tiedNew!.id, tiedOld!.id, low!.id]);
    expect(page.items.map((p) => p.likeCount + p.commentCount)).toEqual([10, 5, 5, 5, 0]);
  });

  it('serves pages of 20 with nextCursor, the last page with nextCursor null', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const rows = await insertPosts(45, (i) => ({ authorId: me.id, createdAt: base() + i * 1000 }));
    const pages = await walk(async (cursor) => t.caller(me.token).posts.feed({ cursor }));
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(newestFirst(rows));
  });

  it('has nextCursor null when exactly one page of posts exists', async () => {
    t = await makeTestApp();
    const me = await t.member();
    await insertPosts(20, (i) => ({ authorId: me.id, createdAt: base() + i }));
    const page = await t.caller(me.token).posts.feed({});
    expect(page.items).toHaveLength(20);
    expect(page.nextCursor).toBeNull();
  });
});

describe('pagination stability', () => {
  it('home Latest: posts written between page fetches neither repeat nor skip the originals', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const friend = await t.member();
    await t.caller(me.token).follow.follow({ userId: friend.id });
    const rows = await insertPosts(45, (i) => ({
      authorId: i % 2 ? me.id : friend.id,
      createdAt: base() + i * 1000,
    }));
    let n = 0;
    const pages = await walk(
      (cursor) => t.caller(me.token).posts.feed({ mode: 'latest', cursor }),
      async () => {
        for (const author of [me, friend, me])
          await t.caller(author.token).posts.create({ content: `new ${n++}` });
      },
    );
    expectEachOnce(
      pages,
      rows.map((r) => r.id),
    );
    expect(pages.flat()).toEqual(newestFirst(rows));
  });

  it('explore: posts written between page fetches neither repeat nor skip the originals', async () => {
    t = await makeTestApp();
    const members = await Promise.all([t.member(), t.member(), t.member()]);
    const rows = await insertPosts(45, (i) => ({
      authorId: members[i % 3]!.id,
      createdAt: base() + i * 1000,
    }));
    let n = 0;
    const pages = await walk(
      (cursor) => t.caller().posts.explore({ cursor }),
      async () => {
        for (const m of members) await t.caller(m.token).posts.create({ content: `new ${n++}` });
      },
    );
    expectEachOnce(
      pages,
      rows.map((r) => r.id),
    );
    expect(pages.flat()).toEqual(newestFirst(rows));
  });

  it('profile: posts written between page fetches neither repeat nor skip the originals', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const other = await t.member();
    const rows = await insertPosts(45, (i) => ({ authorId: author.id, createdAt: base() + i * 1000 }));
    await insertPosts(10, (i) => ({ authorId: other.id, createdAt: base() + i * 1500 }));
    const pages = await walk(
      (cursor) => t.caller(other.token).posts.byUser({ username: author.username, cursor }),
      () => t.caller(author.token).posts.create({ content: 'one more' }),
    );
    expectEachOnce(
      pages,
      rows.map((r) => r.id),
    );
    expect(pages.flat()).toEqual(newestFirst(rows));
  });

  it('walks posts that share one createdAt across page boundaries exactly once', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const at = base();
    const rows = await insertPosts(45, () => ({ authorId: me.id, createdAt: at }));
    const pages = await walk((cursor) => t.caller().posts.explore({ cursor }));
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expectEachOnce(
      pages,
      rows.map((r) => r.id),
    );
  });

  it('Trending walks every post exactly once, in score order, when nothing changes', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const friend = await t.member();
    await t.caller(me.token).follow.follow({ userId: friend.id });
    const at = base();
    // Many ties on score, and some on time too.
    const rows = await insertPosts(45, (i) => ({
      authorId: i % 2 ? me.id : friend.id,
      createdAt: at + Math.floor(i / 3) * 1000,
      likeCount: i % 5,
      commentCount: i % 2,
    }));
    const pages = await walk(async (cursor) => t.caller(me.token).posts.feed({ mode: 'trending', cursor }));
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expectEachOnce(
      pages,
      rows.map((r) => r.id),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const walked = pages.flat().map((id) => byId.get(id)!);
    for (let i = 1; i < walked.length; i++) {
      const [prev, cur] = [walked[i - 1]!, walked[i]!];
      const [ps, cs] = [prev.likeCount + prev.commentCount, cur.likeCount + cur.commentCount];
      expect(ps > cs || (ps === cs && prev.createdAt >= cur.createdAt), `order at ${i}`).toBe(true);
    }
  });
});

describe('cursors', () => {
  it('refuses a garbage cursor with BAD_REQUEST', async () => {
    t = await makeTestApp();
    const me = await t.member();
    await insertPosts(25, (i) => ({ authorId: me.id, createdAt: base() + i }));
    const bad = {
      code: 'BAD_REQUEST',
      message: 'That page cursor is not valid. Start again from the first page.',
    };
    const caller = t.caller(me.token);
    await expect(caller.posts.feed({ cursor: 'garbage!' })).rejects.toMatchObject(bad);
    await expect(caller.posts.explore({ cursor: 'bm90IGpzb24' })).rejects.toMatchObject(bad);
    await expect(caller.posts.byUser({ username: me.username, cursor: 'W10' })).rejects.toMatchObject(bad);
    await expect(caller.bookmarks.list({ cursor: 'garbage' })).rejects.toMatchObject(bad);
    // Keys of the right shape with numbers no time or count can be (a database's bigint would refuse them).
    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    await expect(caller.posts.explore({ cursor: forged([1.5, 'x']) })).rejects.toMatchObject(bad);
    await expect(caller.posts.explore({ cursor: forged([1e21, 'x']) })).rejects.toMatchObject(bad);
    // A Latest cursor does not fit Trending.
    const latest = await caller.posts.feed({ mode: 'latest' });
    expect(latest.nextCursor).toEqual(expect.any(String));
    await expect(caller.posts.feed({ mode: 'trending', cursor: latest.nextCursor })).rejects.toMatchObject(
      bad,
    );
  });
});
