import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedMembers, seedPosts } from '../../seed/data.js';
import { get, post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectRefused } from '../helpers/expect.js';

const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const missingId = '00000000-0000-4000-8000-000000000000';

type Comment = {
  _id: string;
  username: string;
  text: string;
  votes: { upvotedBy: Array<{ _id: string }>; downvotedBy: Array<{ _id: string }> };
  createdAt: string;
  updatedAt: string;
};

// Seed post 1 is Jane's; its first comment is Marcus's, its second the demo member's.
const p1 = seedPosts[0]!;
const p2 = seedPosts[1]!;
const c1 = p1.comments[0]!;
const jane = seedMembers[1]!;
const marcus = seedMembers[2]!;

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ seed: true });
});
afterEach(() => t.close());

const tokenOf = (member: { id: string; username: string }) =>
  t.keys.sign({ _id: member.id, username: member.username });
const commentsOf = async (postId: string) =>
  (await get(t.app, `/api/comments/${postId}`)).body.comments as Comment[];
const find = (comments: Comment[], id: string) => comments.find((c) => c._id === id);

function expectCommentShape(c: Comment) {
  expect(Object.keys(c).sort()).toEqual(['_id', 'createdAt', 'text', 'updatedAt', 'username', 'votes']);
  expect(Object.keys(c.votes).sort()).toEqual(['downvotedBy', 'upvotedBy']);
  expect(c.createdAt).toMatch(stamp);
  expect(c.updatedAt).toMatch(stamp);
}

describe('GET /api/comments/:postId', () => {
  it('answers 200 with the post’s comments in the spec shape', async () => {
    const res = await get(t.app, `/api/comments/${p1.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['comments']);
    const comments = res.body.comments as Comment[];
    expect(comments.map((c) => [c._id, c.username, c.text])).toEqual(
      p1.comments.map((c) => [c.id, seedMembers[c.author]!.username, c.text]),
    );
    for (const c of comments) {
      expectCommentShape(c);
      expect(c.votes).toEqual({ upvotedBy: [], downvotedBy: [] });
    }
  });

  it('answers 404 for an unknown post', async () => {
    const res = await get(t.app, `/api/comments/${missingId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: ['Post not found'] });
  });
});

describe('POST /api/comments/add/:postId', () => {
  it('adds a comment sent as a plain string or as {text}, answering 201 with the post’s comments', async () => {
    const me = await t.member();
    const plain = await post(t.app, `/api/comments/add/${p1.id}`, me.token, { commentData: 'Plain words' });
    expect(plain.status).toBe(201);
    expect(Object.keys(plain.body)).toEqual(['comments']);
    expect(plain.body.comments).toHaveLength(3);
    const obj = await post(t.app, `/api/comments/add/${p1.id}`, me.token, {
      commentData: { text: 'Object words' },
    });
    expect(obj.status).toBe(201);
    const mine = (obj.body.comments as Comment[]).filter((c) => c.username === me.username);
    expect(mine.map((c) => c.text).sort()).toEqual(['Object words', 'Plain words']);
    for (const c of mine) {
      expectCommentShape(c);
      expect(c.votes).toEqual({ upvotedBy: [], downvotedBy: [] });
    }
    expect(await commentsOf(p1.id)).toHaveLength(4);
    expect(await commentsOf(p2.id)).toHaveLength(2);
    const inPost = (await get(t.app, `/api/posts/${p1.id}`)).body.post.comments as Comment[];
    expect(inPost.map((c) => c.text)).toContain('Object words');
  });

  it('refuses blank text, an unknown post and a missing token, writing nothing', async () => {
    const me = await t.member();
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/add/${p1.id}`, me.token, { commentData: { text: '  ' } }),
      400,
      'Comment text must be 1 to 500 characters.',
    );
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/add/${missingId}`, me.token, { commentData: 'Hello' }),
      404,
      'Post not found',
    );
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/add/${p1.id}`, undefined, { commentData: 'Hello' }),
      401,
      'The token is invalid. Unauthorized access error.',
    );
  });
});

describe('POST /api/comments/edit/:postId/:commentId', () => {
  it('lets the comment’s author change only the text and refreshes updatedAt', async () => {
    const before = find(await commentsOf(p1.id), c1.id)!;
    const res = await post(t.app, `/api/comments/edit/${p1.id}/${c1.id}`, await tokenOf(marcus), {
      commentData: { text: 'Edited words', username: 'someone', _id: 'x', votes: { upvotedBy: ['y'] } },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['comments']);
    const edited = find(res.body.comments, c1.id)!;
    expect(edited).toMatchObject({
      text: 'Edited words',
      username: marcus.username,
      createdAt: before.createdAt,
    });
    expect(edited.votes).toEqual({ upvotedBy: [], downvotedBy: [] });
    expect(edited.updatedAt).toMatch(stamp);
    expect(edited.updatedAt).not.toBe(before.updatedAt);
    expect(find(await commentsOf(p1.id), c1.id)!.text).toBe('Edited words');
  });

  it('refuses another member, even the post’s author, with 400', async () => {
    const message = "Cannot edit a comment doesn't belong to the User.";
    const body = { commentData: { text: 'Hijacked' } };
    const url = `/api/comments/edit/${p1.id}/${c1.id}`;
    await expectRefused(t, async () => post(t.app, url, await tokenOf(jane), body), 400, message);
    const stranger = await t.member();
    await expectRefused(t, () => post(t.app, url, stranger.token, body), 400, message);
  });

  it('answers 404 for an unknown comment, a comment of another post, and an unknown post', async () => {
    const token = await tokenOf(marcus);
    const body = { commentData: 'New words' };
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/edit/${p1.id}/${missingId}`, token, body),
      404,
      'Comment not found',
    );
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/edit/${p2.id}/${c1.id}`, token, body),
      404,
      'Comment not found',
    );
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/edit/${missingId}/${c1.id}`, token, body),
      404,
      'Post not found',
    );
  });
});

describe('POST /api/comments/delete/:postId/:commentId', () => {
  it('lets the comment’s author delete it, answering 201 with the remaining comments', async () => {
    const res = await post(t.app, `/api/comments/delete/${p1.id}/${c1.id}`, await tokenOf(marcus));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['comments']);
    expect(res.body.comments.map((c: Comment) => c._id)).toEqual([p1.comments[1]!.id]);
    expect((await commentsOf(p1.id)).map((c) => c._id)).toEqual([p1.comments[1]!.id]);
  });

  it('lets the post’s author delete someone else’s comment', async () => {
    const res = await post(t.app, `/api/comments/delete/${p1.id}/${c1.id}`, await tokenOf(jane));
    expect(res.status).toBe(201);
    expect(find(res.body.comments, c1.id)).toBeUndefined();
    expect(await commentsOf(p1.id)).toHaveLength(1);
  });

  it('refuses a third member with 400, and unknown or mismatched ids with 404', async () => {
    const stranger = await t.member();
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/delete/${p1.id}/${c1.id}`, stranger.token),
      400,
      "Cannot delete a comment doesn't belong to the User.",
    );
    const token = await tokenOf(marcus);
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/delete/${p1.id}/${missingId}`, token),
      404,
      'Comment not found',
    );
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/delete/${p2.id}/${c1.id}`, token),
      404,
      'Comment not found',
    );
  });
});

describe('comment votes', () => {
  it('upvote puts me in upvotedBy and out of downvotedBy; downvote the reverse; both refresh updatedAt', async () => {
    const me = await t.member();
    const before = find(await commentsOf(p1.id), c1.id)!;
    const up = await post(t.app, `/api/comments/upvote/${p1.id}/${c1.id}`, me.token);
    expect(up.status).toBe(201);
    expect(Object.keys(up.body)).toEqual(['comments']);
    const upvoted = find(up.body.comments, c1.id)!;
    expect(upvoted.votes).toEqual({
      upvotedBy: [
        {
          _id: me.id,
          username: me.username,
          firstName: 'Test',
          lastName: expect.any(String),
          profilePic: '',
        },
      ],
      downvotedBy: [],
    });
    expect(upvoted.updatedAt).not.toBe(before.updatedAt);
    expect(JSON.stringify(upvoted)).not.toMatch(/password/i);

    const down = await post(t.app, `/api/comments/downvote/${p1.id}/${c1.id}`, me.token);
    expect(down.status).toBe(201);
    expect(find(down.body.comments, c1.id)!.votes).toEqual({
      upvotedBy: [],
      downvotedBy: [expect.objectContaining({ _id: me.id, username: me.username })],
    });
    const again = await post(t.app, `/api/comments/upvote/${p1.id}/${c1.id}`, me.token);
    expect(find(again.body.comments, c1.id)!.votes).toEqual({
      upvotedBy: [expect.objectContaining({ _id: me.id })],
      downvotedBy: [],
    });
    // The other comment is untouched.
    expect(find(again.body.comments, p1.comments[1]!.id)!.votes).toEqual({ upvotedBy: [], downvotedBy: [] });
  });

  it('refuses a repeated upvote or downvote with 400', async () => {
    const me = await t.member();
    await post(t.app, `/api/comments/upvote/${p1.id}/${c1.id}`, me.token);
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/upvote/${p1.id}/${c1.id}`, me.token),
      400,
      'Cannot upvote a post that is already upvoted.',
    );
    await post(t.app, `/api/comments/downvote/${p1.id}/${c1.id}`, me.token);
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/downvote/${p1.id}/${c1.id}`, me.token),
      400,
      'Cannot downvote a post that is already downvoted.',
    );
  });

  it('answers 404 for unknown or mismatched ids and 401 without a token', async () => {
    const me = await t.member();
    for (const kind of ['upvote', 'downvote']) {
      await expectRefused(
        t,
        () => post(t.app, `/api/comments/${kind}/${p1.id}/${missingId}`, me.token),
        404,
        'Comment not found',
      );
      await expectRefused(
        t,
        () => post(t.app, `/api/comments/${kind}/${p2.id}/${c1.id}`, me.token),
        404,
        'Comment not found',
      );
      await expectRefused(
        t,
        () => post(t.app, `/api/comments/${kind}/${p1.id}/${c1.id}`),
        401,
        'The token is invalid. Unauthorized access error.',
      );
    }
  });
});
