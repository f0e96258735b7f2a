import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { nextMs } from '../helpers/expect.js';

let t: TestApp;
afterEach(() => t?.close());

const invalidToken = { code: 'UNAUTHORIZED', message: 'The token is invalid. Unauthorized access error.' };
const postNotFound = { code: 'NOT_FOUND', message: 'Post not found' };
const userNotFound = { code: 'NOT_FOUND', message: 'User not found' };

describe('bookmarks', () => {
  it('add and remove answer the card with bookmarkedByMe, and each is refused when repeated', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const me = await t.member();
    const { id: postId } = await t.caller(author.token).posts.create({ content: 'keep this' });
    const b = t.caller(me.token).bookmarks;

    expect(await b.add({ postId })).toMatchObject({ id: postId, bookmarkedByMe: true, content: 'keep this' });
    await expect(b.add({ postId })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This Post is already bookmarked',
    });
    expect((await b.list({})).items.map((p) => p.id)).toEqual([postId]);
    // Bookmarks are mine alone.
    expect((await t.caller(author.token).posts.byId({ postId })).bookmarkedByMe).toBe(false);
    expect((await t.caller(author.token).bookmarks.list({})).items).toEqual([]);

    expect(await b.remove({ postId })).toMatchObject({ id: postId, bookmarkedByMe: false });
    await expect(b.remove({ postId })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Post not bookmarked yet',
    });
    expect(await b.list({})).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('lists the most recently bookmarked first, whatever the posts’ own order', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      await nextMs();
      ids.push((await t.caller(me.token).posts.create({ content: `post ${i}` })).id);
    }
    for (const i of [2, 0, 3, 1]) {
      await nextMs();
      await t.caller(me.token).bookmarks.add({ postId: ids[i]! });
    }
    const page = await t.caller(me.token).bookmarks.list({});
    expect(page.items.map((p) => p.id)).toEqual([ids[1], ids[3], ids[0], ids[2]]);
    expect(page.items.every((p) => p.bookmarkedByMe)).toBe(true);
  });

  it('serves pages of 20 and drops a deleted post', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const { id } = await t.caller(me.token).posts.create({ content: `post ${i}` });
      await t.caller(me.token).bookmarks.add({ postId: id });
      ids.push(id);
    }
    const first = await t.caller(me.token).bookmarks.list({});
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(25); // every bookmark, not just this page: "N posts in bookmark"
    const second = await t.caller(me.token).bookmarks.list({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    const walked = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(walked)).toEqual(new Set(ids));
    expect(walked).toHaveLength(25);
    await t.caller(me.token).posts.delete({ postId: ids[0]! });
    const after = await t.caller(me.token).bookmarks.list({});
    expect(after.items.map((p) => p.id)).not.toContain(ids[0]);
    expect(after.total).toBe(24);
  });

  it('answers NOT_FOUND for an unknown post and UNAUTHORIZED when signed out', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const { id: postId } = await t.caller(me.token).posts.create({ content: 'x' });
    await expect(t.caller(me.token).bookmarks.add({ postId: 'nope' })).rejects.toMatchObject(postNotFound);
    await expect(t.caller(me.token).bookmarks.remove({ postId: 'nope' })).rejects.toMatchObject(postNotFound);
    await expect(t.caller().bookmarks.add({ postId })).rejects.toMatchObject(invalidToken);
    await expect(t.caller().bookmarks.remove({ postId })).rejects.toMatchObject(invalidToken);
    await expect(t.caller().bookmarks.list({})).rejects.toMatchObject(invalidToken);
  });
});

describe('follow', () => {
  it('follow answers the target’s profile as I see it, and counts change on both sides', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ada = await t.member({ firstName: 'Ada' });
    const profile = await t.caller(me.token).follow.follow({ userId: ada.id });
    expect(profile).toMatchObject({
      id: ada.id,
      username: ada.username,
      firstName: 'Ada',
      followedByMe: true,
      isMe: false,
      followerCount: 1,
      followingCount: 0,
    });
    expect(profile).not.toHaveProperty('password');
    expect(await t.caller(me.token).users.me()).toMatchObject({ followingCount: 1, followerCount: 0 });

    const again = await t.caller(me.token).follow.unfollow({ userId: ada.id });
    expect(again).toMatchObject({ id: ada.id, followedByMe: false, followerCount: 0 });
    expect(await t.caller(me.token).users.me()).toMatchObject({ followingCount: 0 });
  });

  it('counts followers from several members', async () => {
    t = await makeTestApp();
    const ada = await t.member();
    const fans = [await t.member(), await t.member(), await t.member()];
    for (const fan of fans) await t.caller(fan.token).follow.follow({ userId: ada.id });
    const last = await t.caller(fans[0]!.token).follow.unfollow({ userId: ada.id });
    expect(last).toMatchObject({ followerCount: 2, followedByMe: false });
    expect(await t.caller().users.byUsername({ username: ada.username })).toMatchObject({ followerCount: 2 });
  });

  it('refuses repeated follows and unfollows, following myself, unknown members and signed-out callers', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const ada = await t.member();
    const f = t.caller(me.token).follow;
    await expect(f.unfollow({ userId: ada.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'User already not following',
    });
    await f.follow({ userId: ada.id });
    await expect(f.follow({ userId: ada.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'User Already following',
    });
    await expect(f.follow({ userId: me.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You cannot follow yourself',
    });
    await expect(f.follow({ userId: 'nobody' })).rejects.toMatchObject(userNotFound);
    await expect(f.unfollow({ userId: 'nobody' })).rejects.toMatchObject(userNotFound);
    await expect(t.caller().follow.follow({ userId: ada.id })).rejects.toMatchObject(invalidToken);
    await expect(t.caller().follow.unfollow({ userId: ada.id })).rejects.toMatchObject(invalidToken);
    expect(await t.caller().users.byUsername({ username: ada.username })).toMatchObject({ followerCount: 1 });
    expect(await t.caller().users.byUsername({ username: me.username })).toMatchObject({
      followerCount: 0,
      followingCount: 1,
    });
  });
});
