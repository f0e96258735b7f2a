import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Every edit that changes a post's or comment's text keeps the text it replaced and when; cards, the post
// page and comments say when the text was last edited; the history reads through the same visibility rule
// as the post. On both engines.

let t: TestApp;
afterEach(() => t?.close());

type Member = Awaited<ReturnType<TestApp['member']>>;
const as = (member: Member | null) => t.caller(member?.token);
const postNotFound = { code: 'NOT_FOUND', message: 'Post not found' };
const commentNotFound = { code: 'NOT_FOUND', message: 'Comment not found' };
const count = async (table: string) =>
  Number((await t.sql<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n);

async function postWithComment() {
  const ann = await t.member();
  const bob = await t.member();
  const post = await as(ann).posts.create({ content: 'first words' });
  const card = await as(bob).comments.add({ postId: post.id, text: 'a reply' });
  return { ann, bob, postId: post.id, commentId: card.latestComments[0]!.id, createdAt: post.createdAt };
}

describe('post history', () => {
  it('keeps every earlier text, newest first, with when each was written; the card says when it was edited', async () => {
    t = await makeTestApp();
    const { ann, bob, postId, createdAt } = await postWithComment();
    expect((await as(bob).posts.byId({ postId })).editedAt).toBeNull();
    const second = await as(ann).posts.edit({ postId, content: 'second words' });
    const third = await as(ann).posts.edit({ postId, content: 'third words' });
    expect(second.editedAt).not.toBeNull();
    expect(third.editedAt! > second.editedAt!).toBe(true);
    expect(third.editedAt! >= third.updatedAt).toBe(true);

    const history = await as(bob).posts.history({ postId });
    expect(history).toEqual({
      versions: [
        { version: 3, text: 'third words', at: third.editedAt, current: true, original: false },
        { version: 2, text: 'second words', at: second.editedAt, current: false, original: false },
        { version: 1, text: 'first words', at: createdAt, current: false, original: true },
      ],
      olderOmitted: 0,
    });
    // Readers see the same mark in every list.
    const explore = await as(null).posts.explore({});
    expect(explore.items.find((card) => card.id === postId)?.editedAt).toBe(third.editedAt);
    expect(await as(null).posts.history({ postId })).toEqual(history);
  });

  it('an unedited post has one version, the original and current one', async () => {
    t = await makeTestApp();
    const { bob, postId, createdAt } = await postWithComment();
    expect(await as(bob).posts.history({ postId })).toEqual({
      versions: [{ version: 1, text: 'first words', at: createdAt, current: true, original: true }],
      olderOmitted: 0,
    });
  });

  it('an edit that does not change the text records nothing and marks nothing', async () => {
    t = await makeTestApp();
    const { ann, postId } = await postWithComment();
    const card = await as(ann).posts.edit({ postId, content: '  first words ' });
    expect(card.editedAt).toBeNull();
    expect(await count('post_versions')).toBe(0);
    expect((await as(ann).posts.history({ postId })).versions).toHaveLength(1);
  });

  it(`answers the newest 50 versions and counts the older ones it leaves out`, async () => {
    t = await makeTestApp();
    const { ann, postId } = await postWithComment();
    for (let i = 1; i <= 55; i++) await as(ann).posts.edit({ postId, content: `edit ${i}` });
    const { versions, olderOmitted } = await as(ann).posts.history({ postId });
    expect(versions).toHaveLength(50);
    expect(versions[0]).toMatchObject({ version: 56, text: 'edit 55', current: true });
    expect(versions.at(-1)).toMatchObject({ version: 7, text: 'edit 6', original: false });
    expect(olderOmitted).toBe(6);
  });

  it('refuses another member an edit and records nothing', async () => {
    t = await makeTestApp();
    const { bob, postId } = await postWithComment();
    await expect(as(bob).posts.edit({ postId, content: 'hijacked' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await count('post_versions')).toBe(0);
  });
});

describe('comment history', () => {
  it('keeps a comment`s earlier texts; its card, thread and history say when it was edited', async () => {
    t = await makeTestApp();
    const { ann, bob, postId, commentId } = await postWithComment();
    const card = await as(bob).comments.edit({ postId, commentId, text: 'a better reply' });
    const editedAt = card.latestComments[0]!.editedAt;
    expect(editedAt).not.toBeNull();
    const thread = await as(ann).comments.list({ postId });
    expect(thread.items[0]).toMatchObject({ text: 'a better reply', editedAt });
    const history = await as(ann).comments.history({ postId, commentId });
    expect(history.versions.map((v) => [v.version, v.text, v.current, v.original])).toEqual([
      [2, 'a better reply', true, false],
      [1, 'a reply', false, true],
    ]);
    expect(history.versions[0]!.at).toBe(editedAt);
    expect(history.versions[1]!.at).toBe(thread.items[0]!.createdAt);
    // The post itself was not edited.
    expect(card.editedAt).toBeNull();

    await as(bob).comments.edit({ postId, commentId, text: 'a better reply' });
    expect(await count('comment_versions')).toBe(1);
  });

  it('a comment that does not exist on that post is not found', async () => {
    t = await makeTestApp();
    const { ann, postId } = await postWithComment();
    const other = await as(ann).posts.create({ content: 'other' });
    const { commentId } = await postWithComment();
    await expect(as(ann).comments.history({ postId: other.id, commentId })).rejects.toMatchObject(
      commentNotFound,
    );
    await expect(as(ann).comments.history({ postId, commentId: other.id })).rejects.toMatchObject(
      commentNotFound,
    );
  });
});

describe('who may read a history', () => {
  it('nobody the post is hidden from: blocked either way, muted, or its author suspended', async () => {
    t = await makeTestApp();
    const { ann, bob, postId, commentId } = await postWithComment();
    const [cat, dan, eve] = [await t.member(), await t.member(), await t.member()];
    await as(ann).posts.edit({ postId, content: 'changed' });
    await as(ann).relations.block({ username: cat.username });
    await as(dan).relations.block({ username: ann.username });
    await as(eve).relations.mute({ username: ann.username });
    for (const reader of [cat, dan, eve]) {
      await expect(as(reader).posts.byId({ postId })).rejects.toMatchObject(postNotFound);
      await expect(as(reader).posts.history({ postId })).rejects.toMatchObject(postNotFound);
      await expect(as(reader).comments.history({ postId, commentId })).rejects.toMatchObject(postNotFound);
    }
    // A muted commenter's comment is hidden, its history too; the post stays readable.
    await as(ann).relations.mute({ username: bob.username });
    await expect(as(ann).comments.history({ postId, commentId })).rejects.toMatchObject(commentNotFound);
    expect((await as(ann).posts.history({ postId })).versions).toHaveLength(2);

    await t.sql(`update users set status = 'suspended' where id = $1`, [ann.id]);
    await expect(as(bob).posts.history({ postId })).rejects.toMatchObject(postNotFound);
    await expect(as(null).posts.history({ postId })).rejects.toMatchObject(postNotFound);
    await expect(as(null).comments.history({ postId, commentId })).rejects.toMatchObject(postNotFound);
  });
});

describe('deleting', () => {
  it('a post deletes its history and its comments` histories; a comment deletes its own', async () => {
    t = await makeTestApp();
    const { ann, bob, postId, commentId } = await postWithComment();
    const second = await as(bob).comments.add({ postId, text: 'second reply' });
    const secondId = second.latestComments[0]!.id;
    await as(ann).posts.edit({ postId, content: 'changed' });
    await as(bob).comments.edit({ postId, commentId, text: 'changed reply' });
    await as(bob).comments.edit({ postId, commentId: secondId, text: 'changed second' });
    expect([await count('post_versions'), await count('comment_versions')]).toEqual([1, 2]);

    await as(bob).comments.delete({ postId, commentId: secondId });
    expect(await count('comment_versions')).toBe(1);
    await as(ann).posts.delete({ postId });
    expect([await count('post_versions'), await count('comment_versions')]).toEqual([0, 0]);
    await expect(as(ann).posts.history({ postId })).rejects.toMatchObject(postNotFound);
  });
});
