import { afterEach, describe, expect, it } from 'vitest';
import { get } from '../helpers/http.js';
import { epoch, insertRows, likesOf, nextLink } from '../helpers/rows.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// docs/api.md, "Long lists: bounded, paged, kept", and docs/security.md, "Limits on every request": lists
// nested in a legacy object carry their newest 100 entries, still oldest first, and no answer passes 5 MB
// whatever the data; a long list never holds the worker.

let t: TestApp;
afterEach(() => t?.close());

const ids = (list: { _id: string }[]) => list.map((entry) => entry._id);
const uuid = (n: number, kind = 0) => `00000000-0000-4000-8${kind}00-${String(n).padStart(12, '0')}`;

/** `count` members inserted straight into the database, the first the oldest; `fields` may make them long. */
async function insertMembers(count: number, fields: (i: number) => Record<string, unknown> = () => ({})) {
  const members = Array.from({ length: count }, (_, i) => ({
    id: uuid(i, 1),
    username: `member-${i}`,
    username_key: `member-${i}`,
    password_hash: 'not a real hash',
    created_at: epoch + i,
    updated_at: epoch + i,
    ...fields(i),
  }));
  await insertRows(t, 'users', members);
  return members.map((m) => m.id);
}

async function insertPost(id: string, authorId: string, extra: Record<string, unknown> = {}) {
  await insertRows(t, 'posts', [
    { id, author_id: authorId, content: 'a post', created_at: epoch, updated_at: epoch, ...extra },
  ]);
}

const follows = (pairs: [string, string][]) =>
  pairs.map(([follower, followee], i) => ({
    follower_id: follower,
    followee_id: followee,
    created_at: epoch + i,
  }));

describe('nested lists', () => {
  it('carry the newest 100 likes, dislikes, comments, votes, followers and following, oldest first', async () => {
    t = await makeTestApp();
    const people = await insertMembers(105);
    const [liked, disliked] = [uuid(1, 2), uuid(2, 2)];
    await insertPost(liked, people[0]!, { comment_count: 105 });
    await insertPost(disliked, people[0]!);
    await insertRows(t, 'post_reactions', [
      ...likesOf(liked, people),
      ...likesOf(disliked, people, 'dislike'),
    ]);
    const comments = people.map((_, i) => uuid(i, 3));
    await insertRows(
      t,
      'comments',
      comments.map((id, i) => ({
        id,
        post_id: liked,
        author_id: people[i]!,
        text: `comment ${i}`,
        created_at: epoch + i,
        updated_at: epoch + i,
      })),
    );
    const newest = comments.at(-1)!;
    await insertRows(
      t,
      'comment_votes',
      people.map((userId, i) => ({ comment_id: newest, user_id: userId, kind: 'up', created_at: epoch + i })),
    );
    const [star, ...fans] = people as [string, ...string[]];
    await insertRows(t, 'follows', [
      ...follows(fans.map((fan) => [fan, star])),
      ...follows(fans.map((fan) => [star, fan])),
    ]);
    const newest100 = people.slice(-100);

    const { post } = (await get(t.app, `/api/posts/${liked}`)).body;
    const { posts } = (await get(t.app, '/api/posts')).body;
    for (const p of [post, posts.find((p: { _id: string }) => p._id === liked)]) {
      expect(ids(p.likes.likedBy)).toEqual(newest100);
      expect(ids(p.comments)).toEqual(comments.slice(-100));
      expect(ids(p.comments.at(-1).votes.upvotedBy)).toEqual(newest100);
    }
    const other = posts.find((p: { _id: string }) => p._id === disliked);
    expect(ids(other.likes.dislikedBy)).toEqual(newest100);
    const thread = (await get(t.app, `/api/comments/${liked}`)).body.comments;
    expect(thread).toHaveLength(105); // the list itself is cut at N (1,000), not at 100
    expect(ids(thread.at(-1).votes.upvotedBy)).toEqual(newest100);

    const user = (await get(t.app, '/api/users/member-0')).body.user;
    const listed = (await get(t.app, '/api/users')).body.users[0];
    for (const u of [user, listed]) {
      expect(ids(u.followers)).toEqual(fans.slice(-100));
      expect(ids(u.following)).toEqual(fans.slice(-100));
    }
  });
});

describe('a worst-case instance', () => {
  it('keeps every page of GET /api/posts and GET /api/users under 5 MB, and still reaches every entry', async () => {
    t = await makeTestApp();
    // The longest fields a member may have, with characters that JSON escapes.
    const people = await insertMembers(120, (i) => ({
      username: `${'"'.repeat(56)}${String(i).padStart(8, '0')}`,
      username_key: `user${i}`,
      first_name: '\\'.repeat(50),
      last_name: '"'.repeat(50),
      profile_pic: `https://example.com/${String(i).padStart(4, '0')}/${'p'.repeat(275)}`,
    }));
    const postIds = Array.from({ length: 30 }, (_, i) => uuid(i, 2));
    await insertRows(
      t,
      'posts',
      postIds.map((id, i) => ({
        id,
        author_id: people[i]!,
        content: `"${'x'.repeat(498)}"`,
        comment_count: 10,
        created_at: epoch + i,
        updated_at: epoch + i,
      })),
    );
    await insertRows(
      t,
      'post_reactions',
      postIds.flatMap((id) => likesOf(id, people)),
    );
    const commentIds = postIds.flatMap((postId, p) =>
      Array.from({ length: 10 }, (_, c) => [postId, uuid(p * 10 + c, 3)]),
    );
    await insertRows(
      t,
      'comments',
      commentIds.map(([postId, id], i) => ({
        id,
        post_id: postId,
        author_id: people[i % 120]!,
        text: '"'.repeat(500),
        created_at: epoch + i,
        updated_at: epoch + i,
      })),
    );
    await insertRows(
      t,
      'comment_votes',
      commentIds.flatMap(([, id]) =>
        people.map((userId, i) => ({ comment_id: id, user_id: userId, kind: 'up', created_at: epoch + i })),
      ),
    );
    await insertRows(
      t,
      'follows',
      follows(people.flatMap((a) => people.filter((b) => b !== a).map((b) => [a, b] as [string, string]))),
    );

    for (const [url, key, all] of [
      ['/api/posts', 'posts', postIds],
      ['/api/users', 'users', people],
    ] as const) {
      const seen: string[][] = [];
      for (let next: string | undefined = url; next !== undefined;) {
        const res = await t.app.inject({ url: next });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.length, next).toBeLessThan(5 * 1024 * 1024);
        seen.push(ids(JSON.parse(res.body)[key]));
        next = nextLink(res.headers);
      }
      expect(seen.length, url).toBeGreaterThan(1);
      expect(seen.reverse().flat(), url).toEqual(all);
    }
  });
});

describe('a long list', () => {
  it('is built in slices: a request that arrives meanwhile is answered first', async () => {
    t = await makeTestApp();
    await insertMembers(1000);
    const answered: string[] = [];
    await Promise.all(
      ['/api/users', '/healthz'].map((url) => t.app.inject({ url }).then(() => answered.push(url))),
    );
    expect(answered).toEqual(['/healthz', '/api/users']);
  });
});
