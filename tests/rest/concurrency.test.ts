import { afterEach, describe, expect, it } from 'vitest';
import { get, post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Like and dislike follow the spec's rules in one transaction, so concurrent requests never lose a count and
// the rules ("already liked", "less than 0") hold under load.

let t: TestApp;
afterEach(() => t?.close());

type Member = { id: string; username: string; token: string };

/** A fresh app with one post whose stored likeCount is `likes`, and `count` members. */
async function setup(count: number, likes = 0) {
  t = await makeTestApp();
  const author = await t.member();
  await post(t.app, '/api/posts', author.token, { postData: 'popular post' });
  const postId = (await t.sql<{ id: string }>('select id from posts'))[0]!.id;
  await t.sql('update posts set like_count = $1 where id = $2', [likes, postId]);
  const members: Member[] = [];
  for (let i = 0; i < count; i++) members.push(await t.member());
  return { postId, members };
}

async function likesOf(postId: string) {
  const res = await get(t.app, `/api/posts/${postId}`);
  expect(res.status).toBe(200);
  return res.body.post.likes as {
    likeCount: number;
    likedBy: Array<{ _id: string }>;
    dislikedBy: Array<{ _id: string }>;
  };
}

/** Calls the listening server over real sockets, as a browser would. */
async function fetchJson(base: string, path: string, token: string) {
  const res = await fetch(base + path, { method: 'POST', headers: { authorization: token } });
  return { status: res.status, body: (await res.json()) as { errors?: string[] } };
}

async function listen() {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

const ids = (list: Array<{ _id: string }>) => list.map((user) => user._id).sort();

describe('50 members liking one post at once', () => {
  it('through app.inject: likeCount rises by exactly 50 and likedBy holds all 50', async () => {
    const { postId, members } = await setup(50, 10);
    const results = await Promise.all(
      members.map((member) => post(t.app, `/api/posts/like/${postId}`, member.token)),
    );
    expect(results.map((res) => res.status)).toEqual(Array(50).fill(201));
    const likes = await likesOf(postId);
    expect(likes.likeCount).toBe(60);
    expect(likes.likedBy).toHaveLength(50);
    expect(ids(likes.likedBy)).toEqual(members.map((m) => m.id).sort());
    expect(likes.dislikedBy).toEqual([]);
  });

  it('through a listening server and 50 concurrent fetch calls', async () => {
    const { postId, members } = await setup(50);
    const base = await listen();
    const results = await Promise.all(
      members.map((member) => fetchJson(base, `/api/posts/like/${postId}`, member.token)),
    );
    expect(results.map((res) => res.status)).toEqual(Array(50).fill(201));
    const likes = await likesOf(postId);
    expect(likes.likeCount).toBe(50);
    expect(likes.likedBy).toHaveLength(50);
    expect(ids(likes.likedBy)).toEqual(members.map((m) => m.id).sort());
    const [rows] = await t.sql("select count(*) as n from post_reactions where kind = 'like'");
    expect(rows).toEqual({ n: 50 });
  });
});

describe('50 members disliking a post with 10 likes at once', () => {
  const check = async (postId: string, results: Array<{ status: number; body: { errors?: string[] } }>) => {
    const ok = results.filter((res) => res.status === 201);
    const refused = results.filter((res) => res.status !== 201);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: ['Cannot decrement like less than 0.'] });
    }
    const likes = await likesOf(postId);
    expect(likes.likeCount).toBe(0);
    expect(likes.dislikedBy).toHaveLength(10);
    expect(likes.likedBy).toEqual([]);
  };

  it('through app.inject: exactly 10 succeed, 40 are refused, and the count stops at 0', async () => {
    const { postId, members } = await setup(50, 10);
    await check(
      postId,
      await Promise.all(members.map((member) => post(t.app, `/api/posts/dislike/${postId}`, member.token))),
    );
  });

  it('through a listening server: the same, over real sockets', async () => {
    const { postId, members } = await setup(50, 10);
    const base = await listen();
    await check(
      postId,
      await Promise.all(
        members.map((member) => fetchJson(base, `/api/posts/dislike/${postId}`, member.token)),
      ),
    );
  });
});

describe('one member liking twice at once', () => {
  it.each([2, 10])('yields one 201 and the rest "already liked" (%i requests)', async (count) => {
    const { postId, members } = await setup(1);
    const me = members[0]!;
    const results = await Promise.all(
      Array.from({ length: count }, () => post(t.app, `/api/posts/like/${postId}`, me.token)),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(1);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused).toHaveLength(count - 1);
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: ['Cannot like a post that is already liked.'] });
    }
    const likes = await likesOf(postId);
    expect(likes.likeCount).toBe(1);
    expect(ids(likes.likedBy)).toEqual([me.id]);
  });

  it('twice over real sockets: one 201 and one 400', async () => {
    const { postId, members } = await setup(1);
    const me = members[0]!;
    const base = await listen();
    const results = await Promise.all([
      fetchJson(base, `/api/posts/like/${postId}`, me.token),
      fetchJson(base, `/api/posts/like/${postId}`, me.token),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 400]);
    expect(results.find((res) => res.status === 400)?.body).toEqual({
      errors: ['Cannot like a post that is already liked.'],
    });
    expect((await likesOf(postId)).likeCount).toBe(1);
  });
});
