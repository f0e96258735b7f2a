import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { get, post } from '../helpers/http.js';
import { insertRows } from '../helpers/rows.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';
import { trickyText } from '../helpers/tricky-text.js';

// The legacy post and comment objects are written as JSON by SQLite (src/server/store/sqlite/legacy-json.ts; PostgreSQL's twin is held to it by tests/pg/legacy.test.ts). These
// check what that must not get wrong: text escaping, the order of nested lists, the times, and as many
// statements per response however many likes and comments the posts carry.

let t: TestApp;
afterEach(() => t?.close());

type Ref = { _id: string; username: string; firstName: string; lastName: string; profilePic: string };

describe('legacy posts written by SQLite', () => {
  it('keeps any text exactly, in posts and comments, through every list that carries them', async () => {
    t = await makeTestApp();
    const me = await t.member({ firstName: 'Zoë "Z"', lastName: "O'Brien\\" });
    const created = await t.caller(me.token).posts.create({ content: trickyText });
    await t.caller(me.token).comments.add({ postId: created.id, text: trickyText });

    const lists = [
      (await get(t.app, '/api/posts')).body.posts[0],
      (await get(t.app, `/api/posts/${created.id}`)).body.post,
      (await get(t.app, `/api/posts/user/${me.username}`)).body.posts[0],
    ];
    for (const p of lists) {
      expect(p.content).toBe(trickyText);
      expect(p.comments[0].text).toBe(trickyText);
    }
    expect((await get(t.app, `/api/comments/${created.id}`)).body.comments[0].text).toBe(trickyText);

    await t.caller(me.token).posts.like({ postId: created.id });
    const [liked] = (await get(t.app, '/api/posts')).body.posts;
    expect(liked.likes.likedBy).toEqual([
      { _id: me.id, username: me.username, firstName: 'Zoë "Z"', lastName: "O'Brien\\", profilePic: '' },
    ]);
  });

  it('lists likes and votes oldest first, each under its own post and comment', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const fans = await Promise.all([1, 2, 3, 4].map(() => t.member()));
    const first = await t.caller(author.token).posts.create({ content: 'first' });
    const second = await t.caller(author.token).posts.create({ content: 'second' });
    const card = await t.caller(author.token).comments.add({ postId: first.id, text: 'a comment' });
    const comment = card.latestComments[0]!;
    // Each step a millisecond apart, so "oldest first" has one answer.
    for (const fan of [fans[2]!, fans[0]!, fans[1]!]) {
      await t.caller(fan.token).posts.like({ postId: first.id });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await t.caller(fans[3]!.token).posts.dislike({ postId: first.id });
    await t.caller(fans[1]!.token).posts.like({ postId: second.id });
    for (const fan of [fans[3]!, fans[0]!]) {
      expect((await post(t.app, `/api/comments/upvote/${first.id}/${comment.id}`, fan.token)).status).toBe(
        201,
      );
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(
      (await post(t.app, `/api/comments/downvote/${first.id}/${comment.id}`, fans[2]!.token)).status,
    ).toBe(201);

    const posts = (await get(t.app, '/api/posts')).body.posts;
    expect(posts.map((p: { content: string }) => p.content)).toEqual(['first', 'second']);
    const ids = (refs: Ref[]) => refs.map((ref) => ref._id);
    expect(posts[0].likes.likeCount).toBe(2);
    expect(ids(posts[0].likes.likedBy)).toEqual([fans[2]!.id, fans[0]!.id, fans[1]!.id]);
    expect(ids(posts[0].likes.dislikedBy)).toEqual([fans[3]!.id]);
    expect(ids(posts[1].likes.likedBy)).toEqual([fans[1]!.id]);
    expect(posts[1].comments).toEqual([]);
    const votes = posts[0].comments[0].votes;
    expect(ids(votes.upvotedBy)).toEqual([fans[3]!.id, fans[0]!.id]);
    expect(ids(votes.downvotedBy)).toEqual([fans[2]!.id]);
  });

  it('gives the same instant as the tRPC API, to the second, in the spec format', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const created = await t.caller(me.token).posts.create({ content: 'when' });
    const card = await t.caller(me.token).posts.byId({ postId: created.id });
    const { post: legacy } = (await get(t.app, `/api/posts/${created.id}`)).body;
    const toSecond = (iso: string) => `${iso.slice(0, 19)}+00:00`;
    expect(legacy.createdAt).toBe(toSecond(card.createdAt));
    expect(legacy.updatedAt).toBe(toSecond(card.updatedAt));
  });

  it('reads a long list in slices, in order, every post once, even when many share a time', async () => {
    t = await makeTestApp();
    const me = await t.member();
    // 450 posts, 10 to each millisecond: slices (100 posts) end inside a millisecond, so the key needs the id.
    const rows = Array.from({ length: 450 }, (_, i) => ({
      id: crypto.randomUUID(),
      author_id: me.id,
      content: `post ${i}`,
      created_at: 1_700_000_000_000 + Math.floor(i / 10),
      updated_at: 1_700_000_000_000,
    }));
    await insertRows(t, 'posts', rows);
    const expected = [...rows]
      .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1))
      .map((row) => row.id);
    for (const url of ['/api/posts', `/api/posts/user/${me.username}`]) {
      const res = await get(t.app, url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body.posts.map((p: { _id: string }) => p._id)).toEqual(expected);
    }
    expect((await get(t.app, '/api/posts/user/nobody-here')).status).toBe(404);
  });

  it('arrives the same gzipped or in brotli as plain, for lists and for a write that answers the list', async () => {
    t = await makeTestApp();
    const me = await t.member();
    // Long enough to span pages, and varied enough that it does not compress to nothing.
    const rows = Array.from({ length: 450 }, (_, i) => ({
      id: crypto.randomUUID(),
      author_id: me.id,
      content: `post ${i} ${crypto.randomUUID()} ${trickyText}`,
      created_at: 1_700_000_000_000 + i,
      updated_at: 1_700_000_000_000 + i,
    }));
    await insertRows(t, 'posts', rows);
    const decoders: Record<string, (data: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };
    for (const url of ['/api/posts', `/api/posts/user/${me.username}`]) {
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body).posts).toHaveLength(450);
      for (const [encoding, decode] of Object.entries(decoders)) {
        const packed = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode(packed.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
    const liked = await t.app.inject({
      method: 'POST',
      url: `/api/posts/like/${rows[0]!.id}`,
      headers: { authorization: me.token, 'accept-encoding': 'gzip' },
    });
    expect(liked.statusCode).toBe(201);
    expect(JSON.parse(gunzipSync(liked.rawPayload).toString('utf8')).posts).toHaveLength(450);
  });

  it('runs as many statements for 30 posts with likes and comments as for 3', async () => {
    const statementsFor = async (n: number) => {
      t = await makeTestApp();
      const me = await t.member();
      const other = await t.member();
      for (let i = 0; i < n; i++) {
        const created = await t.caller(me.token).posts.create({ content: `post ${i}` });
        await t.caller(other.token).posts.like({ postId: created.id });
        await t.caller(other.token).comments.add({ postId: created.id, text: `comment ${i}` });
      }
      // A slice also ends after 10 ms (list-page.ts): the clock stands still, so a busy machine adds none.
      const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
      try {
        return await statementsRunBy(t, async () => {
          const { posts } = (await get(t.app, '/api/posts')).body;
          expect(posts).toHaveLength(n);
          expect(posts[n - 1].comments).toHaveLength(1);
        });
      } finally {
        clock.mockRestore();
        await t.close();
      }
    };
    const few = await statementsFor(3);
    expect(await statementsFor(30)).toBe(few);
    // The count (X-Total-Count) and one slice of posts; on SQLite also the kept answers' check for writes
    // (list-cache.ts), which PostgreSQL has none of.
    expect(few).toBe(testEngine === 'sqlite' ? 3 : 2);
  });
});
