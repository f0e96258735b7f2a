import { afterEach, describe, expect, it } from 'vitest';
import { insertRows } from '../helpers/rows.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectInvalid, nextMs } from '../helpers/expect.js';

let t: TestApp;
afterEach(() => t?.close());

const invalidToken = { code: 'UNAUTHORIZED', message: 'The token is invalid. Unauthorized access error.' };
const postNotFound = { code: 'NOT_FOUND', message: 'Post not found' };

/** A post with a chosen like count, inserted directly (the seed starts posts at 10 likes with nobody in likedBy). */
async function insertPost(authorId: string, likeCount = 0, content = 'a post') {
  const id = crypto.randomUUID();
  const now = Date.now();
  await insertRows(t, 'posts', [
    { id, author_id: authorId, content, like_count: likeCount, created_at: now, updated_at: now },
  ]);
  return id;
}

describe('posts.create', () => {
  it('answers the new post as a card', async () => {
    t = await makeTestApp();
    const me = await t.member({
      firstName: 'Ada',
      lastName: 'Lovelace',
      profilePic: 'https://pics.example/a.png',
    });
    const card = await t.caller(me.token).posts.create({ content: '  Hello, Realm!  ' });
    expect(card).toEqual({
      id: expect.any(String),
      author: {
        id: me.id,
        username: me.username,
        firstName: 'Ada',
        lastName: 'Lovelace',
        profilePic: 'https://pics.example/a.png',
      },
      content: 'Hello, Realm!',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      updatedAt: expect.any(String),
      editedAt: null,
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      dislikedByMe: false,
      bookmarkedByMe: false,
      mentions: [],
      latestComments: [],
      media: [],
      commentPolicy: 'everyone',
      quotePolicy: 'everyone',
      mayComment: true,
      mayQuote: true,
      quote: null,
      boostCount: 0,
      boosted: false,
      boostedBy: null,
    });
    expect(await t.caller().posts.byId({ postId: card.id })).toMatchObject({ content: 'Hello, Realm!' });
  });

  it('refuses blank or over-long content with BAD_REQUEST, and a signed-out caller with UNAUTHORIZED', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const message = 'Post content must be 1 to 500 characters.';
    await expectInvalid(t.caller(me.token).posts.create({ content: '   ' }), message);
    await expectInvalid(t.caller(me.token).posts.create({ content: 'x'.repeat(501) }), message);
    await expect(t.caller().posts.create({ content: 'hi' })).rejects.toMatchObject(invalidToken);
    expect((await t.caller().posts.explore({})).items).toEqual([]);
    const longest = await t.caller(me.token).posts.create({ content: 'x'.repeat(500) });
    expect(longest.content).toHaveLength(500);
  });
});

describe('posts.edit and posts.delete', () => {
  it('lets the author edit the content and answers the edited card', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const { id } = await t.caller(me.token).posts.create({ content: 'before' });
    const edited = await t.caller(me.token).posts.edit({ postId: id, content: 'after' });
    expect(edited).toMatchObject({ id, content: 'after', author: { id: me.id } });
    expect((await t.caller().posts.byId({ postId: id })).content).toBe('after');
  });

  it('refuses edits and deletes by anyone but the author with FORBIDDEN', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const other = await t.member();
    const { id } = await t.caller(author.token).posts.create({ content: 'mine' });
    await expect(t.caller(other.token).posts.edit({ postId: id, content: 'theirs' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "Cannot edit a Post doesn't belong to the logged in User.",
    });
    await expect(t.caller(other.token).posts.delete({ postId: id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "Cannot delete a Post doesn't belong to the logged in User.",
    });
    expect((await t.caller().posts.byId({ postId: id })).content).toBe('mine');
  });

  it('answers NOT_FOUND for an unknown post and UNAUTHORIZED when signed out', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const { id } = await t.caller(me.token).posts.create({ content: 'mine' });
    const caller = t.caller(me.token);
    await expect(caller.posts.edit({ postId: 'nope', content: 'x' })).rejects.toMatchObject(postNotFound);
    await expect(caller.posts.delete({ postId: 'nope' })).rejects.toMatchObject(postNotFound);
    await expect(caller.posts.like({ postId: 'nope' })).rejects.toMatchObject(postNotFound);
    await expect(caller.posts.dislike({ postId: 'nope' })).rejects.toMatchObject(postNotFound);
    await expect(t.caller().posts.byId({ postId: 'nope' })).rejects.toMatchObject(postNotFound);
    const signedOut = t.caller();
    await expect(signedOut.posts.edit({ postId: id, content: 'x' })).rejects.toMatchObject(invalidToken);
    await expect(signedOut.posts.delete({ postId: id })).rejects.toMatchObject(invalidToken);
    await expect(signedOut.posts.like({ postId: id })).rejects.toMatchObject(invalidToken);
    await expect(signedOut.posts.dislike({ postId: id })).rejects.toMatchObject(invalidToken);
    await expect(signedOut.posts.feed({})).rejects.toMatchObject(invalidToken);
  });

  it('deletes the post with its comments and bookmarks', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const reader = await t.member();
    const { id } = await t.caller(author.token).posts.create({ content: 'short-lived' });
    await t.caller(reader.token).comments.add({ postId: id, text: 'nice' });
    await t.caller(reader.token).bookmarks.add({ postId: id });
    expect(await t.caller(author.token).posts.delete({ postId: id })).toEqual({ postId: id });
    await expect(t.caller().posts.byId({ postId: id })).rejects.toMatchObject(postNotFound);
    await expect(t.caller().comments.list({ postId: id })).rejects.toMatchObject(postNotFound);
    expect((await t.caller(reader.token).bookmarks.list({})).items).toEqual([]);
    expect((await t.caller().users.byUsername({ username: author.username })).postCount).toBe(0);
  });
});

describe('posts.like and posts.dislike', () => {
  it('follow the spec: like adds one, dislike takes one, each refused when repeated', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const me = await t.member();
    const id = await insertPost(author.id, 10);
    const caller = t.caller(me.token);

    const liked = await caller.posts.like({ postId: id });
    expect(liked).toMatchObject({ likeCount: 11, likedByMe: true, dislikedByMe: false });
    await expect(caller.posts.like({ postId: id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Cannot like a post that is already liked.',
    });

    const disliked = await caller.posts.dislike({ postId: id });
    expect(disliked).toMatchObject({ likeCount: 10, likedByMe: false, dislikedByMe: true });
    await expect(caller.posts.dislike({ postId: id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Cannot dislike a post that is already disliked.',
    });

    // Liking again moves me from dislikedBy back to likedBy.
    expect(await caller.posts.like({ postId: id })).toMatchObject({
      likeCount: 11,
      likedByMe: true,
      dislikedByMe: false,
    });
    // Others see the count, not my reaction.
    expect(await t.caller(author.token).posts.byId({ postId: id })).toMatchObject({
      likeCount: 11,
      likedByMe: false,
      dislikedByMe: false,
    });
  });

  it('refuses a dislike at zero likes and changes nothing', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const id = await insertPost(me.id, 0);
    await expect(t.caller(me.token).posts.dislike({ postId: id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Cannot decrement like less than 0.',
    });
    expect(await t.caller(me.token).posts.byId({ postId: id })).toMatchObject({
      likeCount: 0,
      dislikedByMe: false,
    });
  });

  it('allows a dislike of a seeded like count without a prior like', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const id = await insertPost(me.id, 10);
    expect(await t.caller(me.token).posts.dislike({ postId: id })).toMatchObject({
      likeCount: 9,
      dislikedByMe: true,
    });
  });

  it('keeps the count exact under many concurrent likes', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const id = await insertPost(author.id, 0);
    const likers = await Promise.all(Array.from({ length: 15 }, () => t.member()));
    await Promise.all(likers.map((m) => t.caller(m.token).posts.like({ postId: id })));
    expect((await t.caller().posts.byId({ postId: id })).likeCount).toBe(15);
  });
});

describe('reading posts', () => {
  it('shows the latest 4 comments on a card, newest first, and the full comment count', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const { id } = await t.caller(me.token).posts.create({ content: 'talk to me' });
    for (let i = 1; i <= 6; i++) {
      await nextMs();
      await t.caller(me.token).comments.add({ postId: id, text: `comment ${i}` });
    }
    const card = await t.caller().posts.byId({ postId: id });
    expect(card.commentCount).toBe(6);
    expect(card.latestComments.map((c) => c.text)).toEqual([
      'comment 6',
      'comment 5',
      'comment 4',
      'comment 3',
    ]);
    expect(card.latestComments[0]).toEqual({
      id: expect.any(String),
      postId: id,
      text: 'comment 6',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      editedAt: null,
      mentions: [],
      author: {
        id: me.id,
        username: me.username,
        firstName: 'Test',
        lastName: expect.any(String),
        profilePic: '',
      },
    });
  });

  it('posts.byUser lists that member’s posts only, newest first; an unknown member is NOT_FOUND', async () => {
    t = await makeTestApp();
    const ada = await t.member({ username: 'ada' });
    const bob = await t.member();
    const first = await t.caller(ada.token).posts.create({ content: 'one' });
    await nextMs();
    await t.caller(bob.token).posts.create({ content: 'not ada' });
    await nextMs();
    const second = await t.caller(ada.token).posts.create({ content: 'two' });
    const page = await t.caller().posts.byUser({ username: 'ADA' });
    expect(page.items.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(page.nextCursor).toBeNull();
    await expect(t.caller().posts.byUser({ username: 'nobody' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
  });

  it('posts.explore works signed out (or with a bad token) with likedByMe false', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const { id } = await t.caller(me.token).posts.create({ content: 'liked' });
    await t.caller(me.token).posts.like({ postId: id });
    await t.caller(me.token).bookmarks.add({ postId: id });
    const mine = await t.caller(me.token).posts.explore({});
    expect(mine.items[0]).toMatchObject({ id, likeCount: 1, likedByMe: true, bookmarkedByMe: true });
    for (const caller of [t.caller(), t.caller('garbage')]) {
      const page = await caller.posts.explore({});
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ id, likeCount: 1, likedByMe: false, bookmarkedByMe: false });
    }
  });
});
