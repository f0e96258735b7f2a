import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { expectInvalid, nextMs } from '../helpers/expect.js';

let t: TestApp;
afterEach(() => t?.close());

const invalidToken = { code: 'UNAUTHORIZED', message: 'The token is invalid. Unauthorized access error.' };
const postNotFound = { code: 'NOT_FOUND', message: 'Post not found' };
const commentNotFound = { code: 'NOT_FOUND', message: 'Comment not found' };

/** A post author, a commenter and a bystander, with one post and one comment by the commenter on it. */
async function thread() {
  const author = await t.member();
  const commenter = await t.member();
  const bystander = await t.member();
  const { id: postId } = await t.caller(author.token).posts.create({ content: 'a post' });
  const card = await t.caller(commenter.token).comments.add({ postId, text: 'a comment' });
  const commentId = card.latestComments[0]!.id;
  return { author, commenter, bystander, postId, commentId };
}

describe('comments.add and comments.list', () => {
  it('adds a comment and answers the post card with the new count and latest comments', async () => {
    t = await makeTestApp();
    const author = await t.member();
    const me = await t.member();
    const { id: postId } = await t.caller(author.token).posts.create({ content: 'a post' });
    const card = await t.caller(me.token).comments.add({ postId, text: '  well said  ' });
    expect(card).toMatchObject({ id: postId, commentCount: 1 });
    expect(card.latestComments).toEqual([
      {
        id: expect.any(String),
        postId,
        text: 'well said',
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
      },
    ]);
  });

  it('lists all comments of a post oldest first, in pages of 20, signed out', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const { id: postId } = await t.caller(me.token).posts.create({ content: 'busy post' });
    for (let i = 0; i < 23; i++) {
      await nextMs();
      await t.caller(me.token).comments.add({ postId, text: `c${i}` });
    }
    const first = await t.caller().comments.list({ postId });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.text).toBe('c0');
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await t.caller().comments.list({ postId, cursor: first.nextCursor });
    expect(second.items.map((c) => c.text)).toEqual(['c20', 'c21', 'c22']);
    expect(second.nextCursor).toBeNull();
    expect((await t.caller().posts.byId({ postId })).commentCount).toBe(23);
  });

  it('refuses blank text, an unknown post and a signed-out caller', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const { id: postId } = await t.caller(me.token).posts.create({ content: 'a post' });
    const message = 'Comment text must be 1 to 500 characters.';
    await expectInvalid(t.caller(me.token).comments.add({ postId, text: '  ' }), message);
    await expectInvalid(t.caller(me.token).comments.add({ postId, text: 'y'.repeat(501) }), message);
    await expect(t.caller(me.token).comments.add({ postId: 'nope', text: 'hi' })).rejects.toMatchObject(
      postNotFound,
    );
    await expect(t.caller().comments.add({ postId, text: 'hi' })).rejects.toMatchObject(invalidToken);
    await expect(t.caller().comments.list({ postId: 'nope' })).rejects.toMatchObject(postNotFound);
    expect(await t.caller().comments.list({ postId })).toEqual({ items: [], nextCursor: null });
  });
});

describe('comments.edit and comments.delete', () => {
  it('lets the comment author edit; anyone else, the post author too, is FORBIDDEN', async () => {
    t = await makeTestApp();
    const { author, commenter, bystander, postId, commentId } = await thread();
    const card = await t.caller(commenter.token).comments.edit({ postId, commentId, text: 'edited' });
    expect(card.latestComments[0]).toMatchObject({ id: commentId, text: 'edited' });
    for (const who of [author, bystander]) {
      await expect(t.caller(who.token).comments.edit({ postId, commentId, text: 'x' })).rejects.toMatchObject(
        {
          code: 'FORBIDDEN',
          message: "Cannot edit a comment doesn't belong to the User.",
        },
      );
    }
    expect((await t.caller().comments.list({ postId })).items[0]!.text).toBe('edited');
  });

  it('lets the comment author delete and answers the card with one comment fewer', async () => {
    t = await makeTestApp();
    const { commenter, postId, commentId } = await thread();
    const card = await t.caller(commenter.token).comments.delete({ postId, commentId });
    expect(card).toMatchObject({ id: postId, commentCount: 0, latestComments: [] });
  });

  it('lets the post author delete a comment of someone else', async () => {
    t = await makeTestApp();
    const { author, postId, commentId } = await thread();
    const card = await t.caller(author.token).comments.delete({ postId, commentId });
    expect(card).toMatchObject({ commentCount: 0, latestComments: [] });
    expect((await t.caller().comments.list({ postId })).items).toEqual([]);
  });

  it('refuses a delete by a bystander with FORBIDDEN and keeps the comment', async () => {
    t = await makeTestApp();
    const { bystander, postId, commentId } = await thread();
    await expect(t.caller(bystander.token).comments.delete({ postId, commentId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "Cannot delete a comment doesn't belong to the User.",
    });
    expect((await t.caller().posts.byId({ postId })).commentCount).toBe(1);
  });

  it('answers NOT_FOUND for an unknown comment, a comment of another post, or an unknown post', async () => {
    t = await makeTestApp();
    const { commenter, postId, commentId } = await thread();
    const { id: otherPost } = await t.caller(commenter.token).posts.create({ content: 'other' });
    const c = t.caller(commenter.token).comments;
    await expect(c.edit({ postId, commentId: 'nope', text: 'x' })).rejects.toMatchObject(commentNotFound);
    await expect(c.delete({ postId, commentId: 'nope' })).rejects.toMatchObject(commentNotFound);
    await expect(c.delete({ postId: otherPost, commentId })).rejects.toMatchObject(commentNotFound);
    await expect(c.upvote({ postId, commentId: 'nope' })).rejects.toMatchObject(commentNotFound);
    await expect(c.downvote({ postId: 'nope', commentId })).rejects.toMatchObject(postNotFound);
    await expect(c.edit({ postId: 'nope', commentId, text: 'x' })).rejects.toMatchObject(postNotFound);
    expect((await t.caller().posts.byId({ postId })).commentCount).toBe(1);
  });

  it('refuses every comment write when signed out', async () => {
    t = await makeTestApp();
    const { postId, commentId } = await thread();
    const c = t.caller().comments;
    await expect(c.edit({ postId, commentId, text: 'x' })).rejects.toMatchObject(invalidToken);
    await expect(c.delete({ postId, commentId })).rejects.toMatchObject(invalidToken);
    await expect(c.upvote({ postId, commentId })).rejects.toMatchObject(invalidToken);
    await expect(c.downvote({ postId, commentId })).rejects.toMatchObject(invalidToken);
  });
});

describe('comments.upvote and comments.downvote', () => {
  it('follow the spec: each refused when already done, and one replaces the other', async () => {
    t = await makeTestApp();
    const { bystander, postId, commentId } = await thread();
    const c = t.caller(bystander.token).comments;
    const alreadyUp = { code: 'BAD_REQUEST', message: 'Cannot upvote a post that is already upvoted.' };
    const alreadyDown = { code: 'BAD_REQUEST', message: 'Cannot downvote a post that is already downvoted.' };

    expect(await c.upvote({ postId, commentId })).toMatchObject({ id: postId, commentCount: 1 });
    await expect(c.upvote({ postId, commentId })).rejects.toMatchObject(alreadyUp);
    // A downvote takes me out of upvotedBy: upvoting is allowed again afterwards.
    await c.downvote({ postId, commentId });
    await expect(c.downvote({ postId, commentId })).rejects.toMatchObject(alreadyDown);
    await c.upvote({ postId, commentId });
    await expect(c.upvote({ postId, commentId })).rejects.toMatchObject(alreadyUp);
    await c.downvote({ postId, commentId });
  });

  it('keeps each member’s votes apart', async () => {
    t = await makeTestApp();
    const { author, bystander, postId, commentId } = await thread();
    await t.caller(bystander.token).comments.upvote({ postId, commentId });
    await expect(t.caller(author.token).comments.upvote({ postId, commentId })).resolves.toMatchObject({
      id: postId,
    });
    await expect(t.caller(author.token).comments.downvote({ postId, commentId })).resolves.toMatchObject({
      id: postId,
    });
  });
});
