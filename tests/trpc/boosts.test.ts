import { afterEach, describe, expect, it, vi } from 'vitest';
import { freezeClockInNewSpan, gist, inbox } from '../helpers/notifications.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { badRequest, forbidden, notFound } from '../helpers/moderation.js';

// Boosting a post and undoing it, the card's fields and the author's notification
// (docs/decisions/0011-boosts-in-the-home-feed.md). Runs on both engines (the suite on postgres picks up
// tests/trpc). The home feed's placement of boosts is boosts-feed.test.ts.

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

async function members(n: number) {
  return Promise.all(Array.from({ length: n }, () => t.member()));
}

describe('boost and undo', () => {
  it('answer the card with boostCount and boosted; each is refused when repeated', async () => {
    t = await makeTestApp();
    const [author, ana, ben] = await members(3);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'worth sharing' });
    const boost = (m: typeof ana) => t.caller(m!.token).posts.boost({ postId });

    expect(await boost(ana)).toMatchObject({ id: postId, boostCount: 1, boosted: true, boostedBy: null });
    await expect(boost(ana)).rejects.toMatchObject(badRequest('You have already boosted this post.'));
    expect(await boost(ben)).toMatchObject({ boostCount: 2, boosted: true });
    // Whether I boosted it is mine alone; the count is everyone's.
    expect(await t.caller(author!.token).posts.byId({ postId })).toMatchObject({
      boostCount: 2,
      boosted: false,
    });
    expect(await t.caller().posts.byId({ postId })).toMatchObject({ boostCount: 2, boosted: false });

    expect(await t.caller(ana!.token).posts.unboost({ postId })).toMatchObject({
      boostCount: 1,
      boosted: false,
    });
    await expect(t.caller(ana!.token).posts.unboost({ postId })).rejects.toMatchObject(
      badRequest('You have not boosted this post.'),
    );
  });

  it('refuses my own post, a post hidden from me, an unknown post and a signed-out caller, writing nothing', async () => {
    t = await makeTestApp();
    const [author, me, blocker, muted] = await members(4);
    const own = await t.caller(me!.token).posts.create({ content: 'mine' });
    await expect(t.caller(me!.token).posts.boost({ postId: own.id })).rejects.toMatchObject(
      badRequest('You cannot boost your own post.'),
    );
    // A block either way: 403 with the block's message.
    const blockers = await t.caller(blocker!.token).posts.create({ content: 'blocker' });
    await t.caller(blocker!.token).relations.block({ username: me!.username });
    await expect(t.caller(me!.token).posts.boost({ postId: blockers.id })).rejects.toMatchObject(
      forbidden('You cannot do this: one of you has blocked the other.'),
    );
    const authors = await t.caller(author!.token).posts.create({ content: 'author' });
    await t.caller(me!.token).relations.block({ username: author!.username });
    await expect(t.caller(me!.token).posts.boost({ postId: authors.id })).rejects.toMatchObject(
      forbidden('You cannot do this: one of you has blocked the other.'),
    );
    // Muted by me, or suspended: not found.
    const muteds = await t.caller(muted!.token).posts.create({ content: 'muted' });
    await t.caller(me!.token).relations.mute({ username: muted!.username });
    await expect(t.caller(me!.token).posts.boost({ postId: muteds.id })).rejects.toMatchObject(
      notFound('Post not found'),
    );
    const [other] = await members(1);
    const suspendeds = await t.caller(other!.token).posts.create({ content: 'suspended' });
    await t.sql(`update users set status = 'suspended' where id = $1`, [other!.id]);
    await expect(t.caller(me!.token).posts.boost({ postId: suspendeds.id })).rejects.toMatchObject(
      notFound('Post not found'),
    );
    await expect(t.caller(me!.token).posts.boost({ postId: 'nope' })).rejects.toMatchObject(
      notFound('Post not found'),
    );
    await expect(t.caller().posts.boost({ postId: authors.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await t.sql('select * from boosts')).toEqual([]);
  });

  it('go with a deleted post', async () => {
    t = await makeTestApp();
    const [author, ana] = await members(2);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'short-lived' });
    await t.caller(ana!.token).posts.boost({ postId });
    await t.caller(author!.token).posts.delete({ postId });
    expect(await t.sql('select * from boosts')).toEqual([]);
  });
});

describe('boost notifications', () => {
  it('tell the author, grouped like likes ("Ana and 2 others boosted your post"); undo takes the booster out', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [author, ana, ben, cy] = await members(4);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'boost me' });
    for (const m of [cy, ben, ana]) {
      clock.later(1000);
      await t.caller(m!.token).posts.boost({ postId });
    }
    // A like of the same post is its own group.
    await t.caller(ana!.token).posts.like({ postId });

    const [like, boost, ...rest] = await inbox(t, author!);
    expect(rest).toEqual([]);
    expect(gist(like!)).toMatchObject({ kind: 'like' });
    expect(gist(boost!)).toMatchObject({ kind: 'boost', actorCount: 3 });
    expect(boost!.actors.map((a) => a.id)).toEqual([ana!.id, ben!.id, cy!.id]);
    expect(boost!.post).toEqual({ id: postId, excerpt: 'boost me' });

    await t.caller(ana!.token).posts.unboost({ postId });
    const after = (await inbox(t, author!)).find((view) => view.kind === 'boost');
    expect(after!.actorCount).toBe(2);
    expect(after!.actors.map((a) => a.id)).toEqual([ben!.id, cy!.id]);
    await t.caller(ben!.token).posts.unboost({ postId });
    await t.caller(cy!.token).posts.unboost({ postId });
    expect((await inbox(t, author!)).map((view) => view.kind)).toEqual(['like']);
  });
});
