import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedPosts } from '../../seed/data.js';
import { get, post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectRefused } from '../helpers/expect.js';

const missingId = '00000000-0000-4000-8000-000000000000';
const invalidToken = 'The token is invalid. Unauthorized access error.';
const longAgo = Date.UTC(2024, 0, 1);
const longAgoStamp = '2024-01-01T00:00:00+00:00';
const [p1, p2, p3] = seedPosts.map((p) => p.id) as [string, string, string];

let t: TestApp;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

// Bookmarks are shown to their owner only (docs/differences-from-the-mock.md item 11): pass the owner's token
// to see them.
const userNamed = async (username: string, token?: string) =>
  (await get(t.app, `/api/users/${username}`, token)).body.user;

describe('bookmarks', () => {
  it('GET /api/users/bookmark answers my bookmarks (not a user called "bookmark") and needs a token', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    const res = await get(t.app, '/api/users/bookmark', me.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookmarks: [] });
    const anonymous = await get(t.app, '/api/users/bookmark');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ errors: [invalidToken] });
  });

  it('adds and removes bookmarks with 200 {bookmarks}, in the order added', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member({ createdAt: longAgo, updatedAt: longAgo });
    const before = await userNamed(me.username);
    for (const [postId, expected] of [
      [p3, [p3]],
      [p1, [p3, p1]],
      [p2, [p3, p1, p2]],
    ] as const) {
      const res = await post(t.app, `/api/users/bookmark/${postId}`, me.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ bookmarks: expected });
    }
    expect((await get(t.app, '/api/users/bookmark', me.token)).body).toEqual({ bookmarks: [p3, p1, p2] });
    const after = await userNamed(me.username, me.token);
    expect(after.bookmarks).toEqual([p3, p1, p2]);
    expect(after.updatedAt).not.toBe(before.updatedAt);

    const removed = await post(t.app, `/api/users/remove-bookmark/${p1}`, me.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ bookmarks: [p3, p2] });
    expect((await get(t.app, '/api/users/bookmark', me.token)).body).toEqual({ bookmarks: [p3, p2] });
  });

  it('keeps the order added even when bookmarks land in the same millisecond', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const order = [seedPosts[4]!.id, p1, seedPosts[3]!.id, p2];
    for (const postId of order)
      expect((await post(t.app, `/api/users/bookmark/${postId}`, me.token)).status).toBe(200);
    expect.soft((await get(t.app, '/api/users/bookmark', me.token)).body).toEqual({ bookmarks: order });
    expect((await userNamed(me.username, me.token)).bookmarks).toEqual(order);
  });

  it('refuses a repeated bookmark and removing one that is absent, with 400', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    await expectRefused(
      t,
      () => post(t.app, `/api/users/remove-bookmark/${p1}`, me.token),
      400,
      'Post not bookmarked yet',
    );
    await post(t.app, `/api/users/bookmark/${p1}`, me.token);
    await expectRefused(
      t,
      () => post(t.app, `/api/users/bookmark/${p1}`, me.token),
      400,
      'This Post is already bookmarked',
    );
  });

  it('answers 404 for an unknown post and 401 without a token', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    for (const path of ['bookmark', 'remove-bookmark']) {
      await expectRefused(
        t,
        () => post(t.app, `/api/users/${path}/${missingId}`, me.token),
        404,
        'Post not found',
      );
      await expectRefused(t, () => post(t.app, `/api/users/${path}/${p1}`), 401, invalidToken);
    }
  });
});

describe('follow and unfollow', () => {
  const refKeys = ['_id', 'firstName', 'lastName', 'profilePic', 'username'];

  it('follow by _id answers 200 {user, followUser} with both lists updated', async () => {
    t = await makeTestApp();
    const me = await t.member({ createdAt: longAgo, updatedAt: longAgo });
    const them = await t.member({
      createdAt: longAgo,
      updatedAt: longAgo,
      profilePic: 'https://example.com/p.png',
    });
    const res = await post(t.app, `/api/users/follow/${them.id}`, me.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['followUser', 'user']);
    const { user, followUser } = res.body;
    expect(user._id).toBe(me.id);
    expect(followUser._id).toBe(them.id);
    expect(user.following).toEqual([
      {
        _id: them.id,
        username: them.username,
        firstName: 'Test',
        lastName: expect.any(String),
        profilePic: 'https://example.com/p.png',
      },
    ]);
    expect(user.followers).toEqual([]);
    expect(followUser.followers).toHaveLength(1);
    expect(Object.keys(followUser.followers[0]).sort()).toEqual(refKeys);
    expect(followUser.followers[0]).toMatchObject({ _id: me.id, username: me.username });
    expect(followUser.following).toEqual([]);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    // Both were last updated long ago; the follow refreshed both.
    expect(user.updatedAt).not.toBe(longAgoStamp);
    expect(followUser.updatedAt).not.toBe(longAgoStamp);
    expect(user.createdAt).toBe(longAgoStamp);
    // The profiles agree.
    expect((await userNamed(me.username)).following.map((u: { _id: string }) => u._id)).toEqual([them.id]);
    expect((await userNamed(them.username)).followers.map((u: { _id: string }) => u._id)).toEqual([me.id]);
  });

  it('unfollow removes both sides, answering 200 {user, followUser}', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const them = await t.member();
    await post(t.app, `/api/users/follow/${them.id}`, me.token);
    const res = await post(t.app, `/api/users/unfollow/${them.id}`, me.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['followUser', 'user']);
    expect(res.body.user).toMatchObject({ _id: me.id, following: [], followers: [] });
    expect(res.body.followUser).toMatchObject({ _id: them.id, following: [], followers: [] });
    expect((await userNamed(them.username)).followers).toEqual([]);
  });

  it('refuses following twice and unfollowing someone not followed, with 400', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const them = await t.member();
    await expectRefused(
      t,
      () => post(t.app, `/api/users/unfollow/${them.id}`, me.token),
      400,
      'User already not following',
    );
    await post(t.app, `/api/users/follow/${them.id}`, me.token);
    await expectRefused(
      t,
      () => post(t.app, `/api/users/follow/${them.id}`, me.token),
      400,
      'User Already following',
    );
  });

  it('refuses following yourself with 400', async () => {
    t = await makeTestApp();
    const me = await t.member();
    await expectRefused(
      t,
      () => post(t.app, `/api/users/follow/${me.id}`, me.token),
      400,
      'You cannot follow yourself',
    );
  });

  it('answers 404 for an unknown id (a username is not an id) and 401 without a token', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const them = await t.member();
    for (const path of ['follow', 'unfollow']) {
      for (const target of [missingId, them.username]) {
        await expectRefused(
          t,
          () => post(t.app, `/api/users/${path}/${target}`, me.token),
          404,
          'User not found',
        );
      }
      await expectRefused(t, () => post(t.app, `/api/users/${path}/${them.id}`), 401, invalidToken);
    }
  });
});
