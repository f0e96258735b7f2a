import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedMembers, seedPosts } from '../../seed/data.js';
import { del, get, post } from '../helpers/http.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectRefused } from '../helpers/expect.js';

const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const notFound = { errors: ['Post not found'] };
const missingId = '00000000-0000-4000-8000-000000000000';

type Post = { _id: string; content: string; username: string; likes: { likeCount: number } } & Record<
  string,
  unknown
>;

// Seed post 1 is Jane's with 10 likes; post 2 is Marcus's with 0 likes.
const p1 = seedPosts[0]!;
const p2 = seedPosts[1]!;
const jane = seedMembers[1]!;

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ seed: true });
});
afterEach(() => t.close());

const tokenOf = (member: { id: string; username: string }) =>
  t.keys.sign({ _id: member.id, username: member.username });
const find = (posts: Post[], id: string) => posts.find((p) => p._id === id);
const postNow = async (id: string) => (await get(t.app, `/api/posts/${id}`)).body.post as Post;

function expectPostShape(p: Post) {
  expect(Object.keys(p).sort()).toEqual(
    ['_id', 'bookmarks', 'comments', 'content', 'createdAt', 'likes', 'updatedAt', 'username'].sort(),
  );
  expect(Object.keys(p.likes).sort()).toEqual(['dislikedBy', 'likeCount', 'likedBy']);
  expect(p.bookmarks).toEqual([]);
  expect(p.createdAt).toMatch(stamp);
  expect(p.updatedAt).toMatch(stamp);
}

describe('reading posts', () => {
  it('GET /api/posts answers 200 with every post in the spec shape', async () => {
    const res = await get(t.app, '/api/posts');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['posts']);
    const posts = res.body.posts as Post[];
    expect(posts.map((p) => p._id).sort()).toEqual(seedPosts.map((p) => p.id).sort());
    for (const p of posts) {
      expectPostShape(p);
      const seeded = seedPosts.find((s) => s.id === p._id)!;
      expect(p.content).toBe(seeded.content);
      expect(p.username).toBe(seedMembers[seeded.author]!.username);
      expect(p.likes).toEqual({ likeCount: seeded.likeCount, likedBy: [], dislikedBy: [] });
      expect(p.comments).toHaveLength(2);
    }
  });

  it('GET /api/posts/:postId answers 200 with the one post, 404 for an unknown id', async () => {
    const res = await get(t.app, `/api/posts/${p1.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['post']);
    expectPostShape(res.body.post);
    expect(res.body.post).toMatchObject({ _id: p1.id, content: p1.content, username: jane.username });
    const missing = await get(t.app, `/api/posts/${missingId}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(notFound);
  });

  it('GET /api/posts/user/:username answers that member’s posts only, any case; 404 when unknown', async () => {
    const res = await get(t.app, '/api/posts/user/JaneCooper');
    expect(res.status).toBe(200);
    expect(res.body.posts.map((p: Post) => p._id)).toEqual([p1.id]);
    const none = await get(t.app, '/api/posts/user/nobody-here');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ errors: ['User not found'] });
  });
});

describe('POST /api/posts', () => {
  it('creates a post from a plain string or {content}, answering 201 with all posts', async () => {
    const me = await t.member();
    const plain = await post(t.app, '/api/posts', me.token, { postData: 'First words' });
    expect(plain.status).toBe(201);
    expect(Object.keys(plain.body)).toEqual(['posts']);
    expect(plain.body.posts).toHaveLength(6);
    const obj = await post(t.app, '/api/posts', me.token, { postData: { content: 'Second words' } });
    expect(obj.status).toBe(201);
    const mine = (obj.body.posts as Post[]).filter((p) => p.username === me.username);
    expect(mine.map((p) => p.content).sort()).toEqual(['First words', 'Second words']);
    for (const p of mine) {
      expectPostShape(p);
      expect(p.likes).toEqual({ likeCount: 0, likedBy: [], dislikedBy: [] });
      expect(p.comments).toEqual([]);
    }
    expect((await get(t.app, `/api/posts/user/${me.username}`)).body.posts).toHaveLength(2);
  });

  it('refuses blank content and a missing token, writing nothing', async () => {
    const me = await t.member();
    await expectRefused(
      t,
      () => post(t.app, '/api/posts', me.token, { postData: '   ' }),
      400,
      'Post content must be 1 to 500 characters.',
    );
    await expectRefused(
      t,
      () => post(t.app, '/api/posts', undefined, { postData: 'hi' }),
      401,
      'The token is invalid. Unauthorized access error.',
    );
  });
});

describe('editing and deleting posts', () => {
  it('lets the author edit only the content, answering 201 with all posts', async () => {
    const res = await post(t.app, `/api/posts/edit/${p1.id}`, await tokenOf(jane), {
      postData: { content: 'Edited words', username: 'someone', _id: 'x', likes: { likeCount: 99 } },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['posts']);
    const edited = find(res.body.posts, p1.id)!;
    expect(edited).toMatchObject({ content: 'Edited words', username: jane.username });
    expect(edited.likes).toEqual({ likeCount: 10, likedBy: [], dislikedBy: [] });
    expect((await postNow(p1.id)).content).toBe('Edited words');
  });

  it('refuses edit and delete by another member with 400, and unknown ids with 404', async () => {
    const other = await t.member();
    const refusedEdit = "Cannot edit a Post doesn't belong to the logged in User.";
    const refusedDelete = "Cannot delete a Post doesn't belong to the logged in User.";
    const body = { postData: { content: 'Hijacked' } };
    await expectRefused(
      t,
      () => post(t.app, `/api/posts/edit/${p1.id}`, other.token, body),
      400,
      refusedEdit,
    );
    await expectRefused(t, () => del(t.app, `/api/posts/${p1.id}`, other.token), 400, refusedDelete);
    await expectRefused(
      t,
      () => post(t.app, `/api/posts/edit/${missingId}`, other.token, body),
      404,
      'Post not found',
    );
    await expectRefused(t, () => del(t.app, `/api/posts/${missingId}`, other.token), 404, 'Post not found');
  });

  it('lets the author delete, answering 201 with the remaining posts', async () => {
    const res = await del(t.app, `/api/posts/${p1.id}`, await tokenOf(jane));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['posts']);
    expect(res.body.posts).toHaveLength(4);
    expect(find(res.body.posts, p1.id)).toBeUndefined();
    expect((await get(t.app, `/api/posts/${p1.id}`)).status).toBe(404);
  });

  it('removes the post’s comments, reactions, votes and bookmarks with it', async () => {
    const fan = await t.member();
    const comment = p1.comments[0]!.id;
    expect((await post(t.app, `/api/posts/like/${p1.id}`, fan.token)).status).toBe(201);
    expect((await post(t.app, `/api/users/bookmark/${p1.id}`, fan.token)).status).toBe(200);
    expect((await post(t.app, `/api/users/bookmark/${p2.id}`, fan.token)).status).toBe(200);
    expect((await post(t.app, `/api/comments/upvote/${p1.id}/${comment}`, fan.token)).status).toBe(201);

    expect((await del(t.app, `/api/posts/${p1.id}`, await tokenOf(jane))).status).toBe(201);

    expect((await get(t.app, '/api/users/bookmark', fan.token)).body).toEqual({ bookmarks: [p2.id] });
    expect((await get(t.app, `/api/users/${fan.username}`, fan.token)).body.user.bookmarks).toEqual([p2.id]);
    const comments = await get(t.app, `/api/comments/${p1.id}`);
    expect(comments.status).toBe(404);
    expect(comments.body).toEqual(notFound);
    const rows = await snapshot(t);
    expect(rows.posts!.map((r) => r.id)).not.toContain(p1.id);
    expect(rows.comments!.filter((r) => r.post_id === p1.id)).toEqual([]);
    expect(rows.comments).toHaveLength(8);
    expect(rows.post_reactions).toEqual([]);
    expect(rows.comment_votes).toEqual([]);
    expect(rows.bookmarks!.map((r) => r.post_id)).toEqual([p2.id]);
  });
});

describe('likes and dislikes', () => {
  it('like: adds me to likedBy, out of dislikedBy, likeCount +1, updatedAt refreshed; 201 with all posts', async () => {
    const me = await t.member();
    const before = await postNow(p2.id);
    const res = await post(t.app, `/api/posts/like/${p2.id}`, me.token);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['posts']);
    const liked = find(res.body.posts, p2.id)!;
    expect(liked.likes).toEqual({
      likeCount: 1,
      likedBy: [
        {
          _id: me.id,
          username: me.username,
          firstName: 'Test',
          lastName: expect.any(String),
          profilePic: '',
        },
      ],
      dislikedBy: [],
    });
    expect(JSON.stringify(liked)).not.toMatch(/password/i);
    expect(liked.updatedAt).toMatch(stamp);
    expect(liked.updatedAt).not.toBe(before.updatedAt);
    expect(liked.createdAt).toBe(before.createdAt);
  });

  it('refuses a second like with 400', async () => {
    const me = await t.member();
    await post(t.app, `/api/posts/like/${p2.id}`, me.token);
    await expectRefused(
      t,
      () => post(t.app, `/api/posts/like/${p2.id}`, me.token),
      400,
      'Cannot like a post that is already liked.',
    );
  });

  it('dislike: likeCount -1, me out of likedBy and into dislikedBy; a later like moves me back', async () => {
    const me = await t.member();
    await post(t.app, `/api/posts/like/${p1.id}`, me.token);
    const res = await post(t.app, `/api/posts/dislike/${p1.id}`, me.token);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['posts']);
    const p = find(res.body.posts, p1.id)!;
    expect(p.likes).toMatchObject({
      likeCount: 10,
      likedBy: [],
      dislikedBy: [expect.objectContaining({ _id: me.id })],
    });
    // Liking again moves me back.
    const again = find((await post(t.app, `/api/posts/like/${p1.id}`, me.token)).body.posts, p1.id)!;
    expect(again.likes).toMatchObject({
      likeCount: 11,
      likedBy: [expect.objectContaining({ _id: me.id })],
      dislikedBy: [],
    });
  });

  it('dislike refreshes updatedAt of a seed post', async () => {
    const me = await t.member();
    const before = await postNow(p1.id);
    const res = await post(t.app, `/api/posts/dislike/${p1.id}`, me.token);
    expect(res.status).toBe(201);
    const after = find(res.body.posts, p1.id)!;
    expect(after.likes.likeCount).toBe(9);
    expect(after.updatedAt).toMatch(stamp);
    expect(after.updatedAt).not.toBe(before.updatedAt);
  });

  it('refuses a dislike at zero likes and a second dislike with 400', async () => {
    const me = await t.member();
    await expectRefused(
      t,
      () => post(t.app, `/api/posts/dislike/${p2.id}`, me.token),
      400,
      'Cannot decrement like less than 0.',
    );
    expect((await post(t.app, `/api/posts/dislike/${p1.id}`, me.token)).status).toBe(201);
    await expectRefused(
      t,
      () => post(t.app, `/api/posts/dislike/${p1.id}`, me.token),
      400,
      'Cannot dislike a post that is already disliked.',
    );
  });

  it('answers 404 for likes and dislikes of an unknown post, and 401 without a token', async () => {
    const me = await t.member();
    await expectRefused(
      t,
      () => post(t.app, `/api/posts/like/${missingId}`, me.token),
      404,
      'Post not found',
    );
    await expectRefused(
      t,
      () => post(t.app, `/api/posts/dislike/${missingId}`, me.token),
      404,
      'Post not found',
    );
    await expectRefused(
      t,
      () => post(t.app, `/api/posts/like/${p1.id}`),
      401,
      'The token is invalid. Unauthorized access error.',
    );
  });
});
