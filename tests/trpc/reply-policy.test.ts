import { afterEach, describe, expect, it } from 'vitest';
import { expectInvalid } from '../helpers/expect.js';
import { blockedRefusal, expectRefusedCall, type Member } from '../helpers/relations.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Who may comment on a post (docs/decisions/0010-quotes-and-answer-policies.md): everyone, the people its
// author follows, or the people it mentions; its author always. Chosen when writing, changed later by its
// author only. Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const as = (member: Member) => t.caller(member.token);
const comment = (member: Member, postId: string) => as(member).comments.add({ postId, text: 'my answer' });
const refusal = (message: string) => ({ code: 'FORBIDDEN', message });

async function people() {
  const ana = await t.member({ username: 'ana' });
  const [friend, named, stranger, moderator] = [
    await t.member({ username: 'friend' }),
    await t.member({ username: 'named' }),
    await t.member({ username: 'stranger' }),
    await t.member({ username: 'mod', role: 'moderator' }),
  ];
  await as(ana).follow.follow({ userId: friend.id });
  return { ana, friend, named, stranger, moderator };
}

describe('who may comment', () => {
  it('is everyone by default, and the card says so', async () => {
    t = await makeTestApp();
    const { ana, stranger } = await people();
    const card = await as(ana).posts.create({ content: 'open to all' });
    expect(card).toMatchObject({ commentPolicy: 'everyone', quotePolicy: 'everyone', quote: null });
    expect((await as(stranger).posts.byId({ postId: card.id })).mayComment).toBe(true);
    expect((await t.caller().posts.byId({ postId: card.id })).mayComment).toBe(false); // signed out
    await comment(stranger, card.id);
  });

  it('"following": only people the author follows, and the author; not a moderator', async () => {
    t = await makeTestApp();
    const { ana, friend, stranger, moderator } = await people();
    const { id: postId } = await as(ana).posts.create({
      content: 'friends only',
      commentPolicy: 'following',
    });
    const message = 'Only people @ana follows can comment on this post.';
    for (const member of [stranger, moderator]) {
      await expectRefusedCall(t, () => comment(member, postId), refusal(message));
      expect((await as(member).posts.byId({ postId })).mayComment).toBe(false);
    }
    expect((await as(friend).posts.byId({ postId })).mayComment).toBe(true);
    await comment(friend, postId);
    await comment(ana, postId);
    const card = await as(ana).posts.byId({ postId });
    expect(card.latestComments.map((c) => c.author.username)).toEqual(['ana', 'friend']);
  });

  it('"mentioned": only people the post mentions, and the author', async () => {
    t = await makeTestApp();
    const { ana, friend, named } = await people();
    const { id: postId } = await as(ana).posts.create({
      content: 'a question for @named',
      commentPolicy: 'mentioned',
    });
    await expectRefusedCall(
      t,
      () => comment(friend, postId),
      refusal('Only people mentioned in this post can comment on it.'),
    );
    expect((await as(named).posts.byId({ postId })).mayComment).toBe(true);
    await comment(named, postId);
    await comment(ana, postId);
  });

  it('a block still refuses first, with its own message; a mute or a suspension hides the post', async () => {
    t = await makeTestApp();
    const { ana, friend, stranger } = await people();
    const { id: postId } = await as(ana).posts.create({ content: 'friends', commentPolicy: 'following' });
    await as(ana).relations.block({ username: friend.username });
    await expectRefusedCall(t, () => comment(friend, postId), blockedRefusal);
    await as(stranger).relations.mute({ username: 'ana' });
    await expect(comment(stranger, postId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is changed later by the author only; the new policy applies at once', async () => {
    t = await makeTestApp();
    const { ana, friend, stranger } = await people();
    const { id: postId } = await as(ana).posts.create({ content: 'open' });
    await comment(stranger, postId);
    await expectRefusedCall(t, () => as(friend).posts.setPolicy({ postId, commentPolicy: 'mentioned' }), {
      code: 'FORBIDDEN',
      message: 'Only the author of a post can change who can answer it.',
    });
    const card = await as(ana).posts.setPolicy({ postId, commentPolicy: 'following' });
    expect(card).toMatchObject({ commentPolicy: 'following', quotePolicy: 'everyone', commentCount: 1 });
    await expect(comment(stranger, postId)).rejects.toMatchObject(
      refusal('Only people @ana follows can comment on this post.'),
    );
    await comment(friend, postId);
    await as(ana).posts.setPolicy({ postId, commentPolicy: 'everyone', quotePolicy: 'nobody' });
    await comment(stranger, postId);
    expect(await as(ana).posts.byId({ postId })).toMatchObject({ quotePolicy: 'nobody', commentCount: 3 });
  });

  it('refuses bad input with plain messages', async () => {
    t = await makeTestApp();
    const { ana } = await people();
    const { id: postId } = await as(ana).posts.create({ content: 'x' });
    await expectInvalid(
      as(ana).posts.create({ content: 'x', commentPolicy: 'friends' as never }),
      'Who can comment must be "everyone", "following" or "mentioned".',
    );
    await expectInvalid(
      as(ana).posts.setPolicy({ postId, quotePolicy: 'some' as never }),
      'Who can quote must be "everyone", "followers" or "nobody".',
    );
    await expectInvalid(as(ana).posts.setPolicy({ postId }), 'Choose who can comment or who can quote.');
    await expect(
      as(ana).posts.setPolicy({ postId: 'no-such-post', commentPolicy: 'mentioned' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
  });
});
