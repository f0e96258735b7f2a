import { afterEach, describe, expect, it } from 'vitest';
import { expectRefused } from '../helpers/expect.js';
import { get, post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Who may comment holds on the /api door too (docs/decisions/0010-quotes-and-answer-policies.md): the
// comment route refuses with 403 and `{ errors: [message] }`, changing nothing; allowed comments answer as
// always. Posts written over /api take the defaults, and no REST answer changes shape. Both engines.

let t: TestApp;
afterEach(() => t?.close());

const commentsOf = async (postId: string) =>
  ((await get(t.app, `/api/comments/${postId}`)).body.comments as { username: string }[]).map(
    (c) => c.username,
  );

describe('POST /api/comments/add/:postId under a comment policy', () => {
  it('refuses a member the policy leaves out and takes the comment of one it allows', async () => {
    t = await makeTestApp();
    const ana = await t.member({ username: 'ana' });
    const friend = await t.member({ username: 'friend' });
    const named = await t.member({ username: 'named' });
    await t.caller(ana.token).follow.follow({ userId: friend.id });
    const following = await t
      .caller(ana.token)
      .posts.create({ content: 'friends', commentPolicy: 'following' });
    const mentioned = await t
      .caller(ana.token)
      .posts.create({ content: 'for @named only', commentPolicy: 'mentioned' });

    await expectRefused(
      t,
      () => post(t.app, `/api/comments/add/${following.id}`, named.token, { commentData: 'hi' }),
      403,
      'Only people @ana follows can comment on this post.',
    );
    await expectRefused(
      t,
      () => post(t.app, `/api/comments/add/${mentioned.id}`, friend.token, { commentData: 'hi' }),
      403,
      'Only people mentioned in this post can comment on it.',
    );
    const allowed = await post(t.app, `/api/comments/add/${following.id}`, friend.token, {
      commentData: 'hi',
    });
    expect(allowed.status).toBe(201);
    expect(await commentsOf(following.id)).toEqual(['friend']);
    expect(
      (await post(t.app, `/api/comments/add/${mentioned.id}`, named.token, { commentData: 'yes' })).status,
    ).toBe(201);
    expect(
      (await post(t.app, `/api/comments/add/${mentioned.id}`, ana.token, { commentData: 'mine' })).status,
    ).toBe(201);
    expect(await commentsOf(mentioned.id)).toEqual(['named', 'ana']);
  });

  it('a post written over /api takes the defaults: anyone may comment and quote it, its shape unchanged', async () => {
    t = await makeTestApp();
    const ana = await t.member({ username: 'ana' });
    const ben = await t.member({ username: 'ben' });
    const created = await post(t.app, '/api/posts', ana.token, { postData: 'from the old client' });
    expect(created.status).toBe(201);
    const postId = (created.body.posts as { _id: string; content: string }[]).find(
      (p) => p.content === 'from the old client',
    )!._id;
    // A quote's post keeps the legacy shape too (REST answers do not change).
    await t
      .caller(ben.token)
      .posts.create({ content: 'a quote', quoteOf: postId, commentPolicy: 'mentioned' });
    for (const p of (await get(t.app, '/api/posts')).body.posts as object[]) {
      expect(Object.keys(p).sort()).toEqual(
        ['_id', 'bookmarks', 'comments', 'content', 'createdAt', 'likes', 'updatedAt', 'username'].sort(),
      );
    }
    const card = await t.caller(ben.token).posts.byId({ postId });
    expect(card).toMatchObject({ commentPolicy: 'everyone', quotePolicy: 'everyone', mayComment: true });
    expect((await post(t.app, `/api/comments/add/${postId}`, ben.token, { commentData: 'ok' })).status).toBe(
      201,
    );
    const quote = await t.caller(ben.token).posts.create({ content: 'quoting', quoteOf: postId });
    expect(quote.quote).toMatchObject({ id: postId, content: 'from the old client' });
    expect((await get(t.app, '/api/posts')).body.posts).toHaveLength(3);
  });
});
