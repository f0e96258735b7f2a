import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PostCard } from '../../src/server/domain/views.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A card's shape (store: cards.json): the web app's cards carry a post's latest comments; a reader that shows
// none (the Mastodon API's statuses) asks without them, and everything else on the card is the same.

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

describe('cards without their latest comments', () => {
  it('leave the comments out and keep every other field, the comment count included', async () => {
    const [author, reader] = [await t.member(), await t.member()];
    const post = await t.caller(author.token).posts.create({ content: 'A post with a comment' });
    await t.caller(reader.token).comments.add({ postId: post.id, text: 'The comment' });
    await t.caller(reader.token).posts.like({ postId: post.id });
    const read = async (latestComments: boolean) =>
      JSON.parse(await t.store.read.cards.json(reader.id, [post.id], [], { latestComments })) as PostCard[];
    const [full] = await read(true);
    const [bare] = await read(false);
    expect(full!.latestComments.map((comment) => comment.text)).toEqual(['The comment']);
    expect(bare!.latestComments).toEqual([]);
    expect({ ...bare, latestComments: full!.latestComments }).toEqual(full);
    expect(bare).toMatchObject({ commentCount: 1, likeCount: 1, likedByMe: true });
    // Without a shape, a card is the web app's.
    expect(JSON.parse(await t.store.read.cards.json(reader.id, [post.id]))).toEqual([full]);
  });
});
