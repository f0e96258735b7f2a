import { afterEach, describe, expect, it } from 'vitest';
import { everywhere, expectRefusedCall, seenBy, threadOf, type Member } from '../helpers/relations.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Block: neither member sees the other's posts or comments anywhere. Mute: the muted member's posts,
// comments and notifications disappear for the member who muted them, and the muted member notices
// nothing. Every feed, the cards' latest comments, the post page and its thread, notifications and who to
// follow, on both engines.

let t: TestApp;
afterEach(() => t?.close());

type World = {
  ann: Member;
  bob: Member;
  cat: Member;
  /** Ann's, Bob's and Cat's posts; Cat's carries a comment of each, Ann's one of Bob's. */
  posts: { ann: string; bob: string; cat: string };
};

/**
 * Ann and Bob follow each other and Cat, like, bookmark and comment on each other's posts and on Cat's,
 * and mention each other: each has notifications of the other.
 */
async function world(): Promise<World> {
  const [ann, bob, cat] = [await t.member(), await t.member(), await t.member()];
  const as = (member: Member) => t.caller(member.token);
  for (const [follower, followee] of [
    [ann, bob],
    [bob, ann],
    [ann, cat],
    [bob, cat],
  ] as const) {
    await as(follower).follow.follow({ userId: followee.id });
  }
  const cat1 = (await as(cat).posts.create({ content: 'Cat here #shared' })).id;
  const ann1 = (await as(ann).posts.create({ content: `Ann here #shared, hi @${bob.username}` })).id;
  const bob1 = (await as(bob).posts.create({ content: `Bob here #shared, hi @${ann.username}` })).id;
  await as(ann).comments.add({ postId: cat1, text: 'Ann on Cat' });
  await as(bob).comments.add({ postId: cat1, text: 'Bob on Cat' });
  await as(bob).comments.add({ postId: ann1, text: 'Bob on Ann' });
  await as(ann).comments.add({ postId: bob1, text: 'Ann on Bob' });
  for (const [member, postId] of [
    [ann, bob1],
    [bob, ann1],
    [ann, cat1],
    [bob, cat1],
  ] as const) {
    await as(member).posts.like({ postId });
    await as(member).bookmarks.add({ postId });
  }
  return { ann, bob, cat, posts: { ann: ann1, bob: bob1, cat: cat1 } };
}

const views = (w: World, viewer: Member) =>
  seenBy(t, viewer, [w.ann.username, w.bob.username, w.cat.username], 'shared');

describe('a block', () => {
  it('hides both members from each other in every feed, comment, notification and suggestion', async () => {
    t = await makeTestApp();
    const w = await world();
    const { ann, bob, cat } = w;
    const before = await views(w, ann);
    expect(before.explore).toEqual([bob.username, ann.username, cat.username]);
    expect(before.latestComments[2]).toEqual([bob.username, ann.username]);
    expect(before.notifications.flatMap((n) => n.actors)).toContain(bob.username);

    await t.caller(ann.token).relations.block({ username: bob.username });

    for (const [me, other] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const seen = await views(w, me);
      expect(everywhere(seen), `${me.username} sees ${other.username}`).not.toContain(other.username);
      expect(seen.profiles[other.username]).toEqual([]);
      // Their own content and Cat's stay in view.
      expect(seen.explore).toEqual([me.username, cat.username]);
      expect(seen.tag).toEqual([me.username, cat.username]);
      expect(seen.bookmarks).toEqual([cat.username]);
      // Each was notified only of the other (likes, comments, mentions; follows went with the block).
      expect(seen.notifications).toEqual([]);
      expect(seen.unread).toBe(0);
      // The post page: the other's post is not found, and Cat's thread has no comment of theirs.
      const theirs = other === bob ? w.posts.bob : w.posts.ann;
      await expect(t.caller(me.token).posts.byId({ postId: theirs })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Post not found',
      });
      expect(await threadOf(t, me, theirs)).toBe('NOT_FOUND');
      expect(await threadOf(t, me, w.posts.cat)).toEqual([me.username]);
      const card = await t.caller(me.token).posts.byId({ postId: w.posts.cat });
      expect(card.latestComments.map((c) => c.author.username)).toEqual([me.username]);
      expect(card.commentCount).toBe(2); // as stored: the count is the post's own
    }
    // Cat, and anyone signed out, see everything as before.
    expect((await views(w, cat)).explore).toEqual([bob.username, ann.username, cat.username]);
    expect(await threadOf(t, null, w.posts.cat)).toEqual([ann.username, bob.username]);
    expect(await threadOf(t, cat, w.posts.bob)).toEqual([ann.username]);
  });

  it('undone, shows each to the other again, but not the follows it removed', async () => {
    t = await makeTestApp();
    const w = await world();
    const { ann, bob, cat } = w;
    await t.caller(ann.token).relations.block({ username: bob.username });
    await t.caller(ann.token).relations.unblock({ username: bob.username });
    for (const [me, other] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const seen = await views(w, me);
      expect(seen.explore).toEqual([bob.username, ann.username, cat.username]);
      expect(seen.profiles[other.username]).toEqual([other.username]);
      expect(seen.bookmarks).toContain(other.username);
      expect(seen.latestComments[2]).toEqual([bob.username, ann.username]);
      expect(await threadOf(t, me, w.posts.cat)).toEqual([ann.username, bob.username]);
      // Home: follows did not come back, so the other's posts are in explore, not in home.
      expect(seen.latest).toEqual([me.username, cat.username]);
      expect(seen.whoToFollow).toContain(other.username);
      // Their likes, comments and mentions notify again; the follow notifications went with the follows.
      const kinds = seen.notifications.map((n) => n.kind);
      expect(kinds).toEqual(expect.arrayContaining(['like', 'comment', 'mention']));
      expect(kinds).not.toContain('follow');
    }
  });
});

describe('a mute', () => {
  it('hides the muted member from me alone, in every feed, comment, notification and suggestion', async () => {
    t = await makeTestApp();
    const w = await world();
    const { ann, bob, cat } = w;
    await t.caller(ann.token).relations.mute({ username: bob.username });
    const seen = await views(w, ann);
    expect(everywhere(seen)).not.toContain(bob.username);
    // Home: Ann still follows Bob, and sees her own posts and Cat's.
    expect(seen.latest).toEqual([ann.username, cat.username]);
    expect(seen.notifications).toEqual([]);
    expect(seen.unread).toBe(0);
    await expect(t.caller(ann.token).posts.byId({ postId: w.posts.bob })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await threadOf(t, ann, w.posts.cat)).toEqual([ann.username]);
    // Muting is not blocking: follows stay. Bob's post is not there for Ann, to write on as to read.
    expect(await t.caller(ann.token).users.byUsername({ username: bob.username })).toMatchObject({
      followedByMe: true,
      mutedByMe: true,
    });
    const notFound = { code: 'NOT_FOUND', message: 'Post not found' };
    await expectRefusedCall(t, () => t.caller(ann.token).posts.dislike({ postId: w.posts.bob }), notFound);
    await expectRefusedCall(t, () => t.caller(ann.token).bookmarks.remove({ postId: w.posts.bob }), notFound);
    // Bob's comment on Cat's post is not there for Ann either.
    const [bobsComment] = await t.sql<{ id: string }>(
      'select id from comments where author_id = $1 and post_id = $2',
      [bob.id, w.posts.cat],
    );
    await expectRefusedCall(
      t,
      () => t.caller(ann.token).comments.upvote({ postId: w.posts.cat, commentId: bobsComment!.id }),
      { code: 'NOT_FOUND', message: 'Comment not found' },
    );
  });

  it('changes nothing for the muted member, and an unmute shows them again', async () => {
    t = await makeTestApp();
    const w = await world();
    const { ann, bob } = w;
    const bobSaw = await views(w, bob);
    const annSaw = await views(w, ann);
    const bobThread = await threadOf(t, bob, w.posts.ann);
    await t.caller(ann.token).relations.mute({ username: bob.username });
    expect(await views(w, bob)).toEqual(bobSaw);
    expect(await threadOf(t, bob, w.posts.ann)).toEqual(bobThread);
    expect(await t.caller(bob.token).users.byUsername({ username: ann.username })).toMatchObject({
      followedByMe: true,
      mutedByMe: false,
    });
    await t.caller(ann.token).relations.unmute({ username: bob.username });
    expect(await views(w, ann)).toEqual(annSaw);
  });

  it('leaves a group of notifications with others in it, naming and counting only them', async () => {
    t = await makeTestApp();
    const [me, bob, cat] = [await t.member(), await t.member(), await t.member()];
    const { id: postId } = await t.caller(me.token).posts.create({ content: 'like me' });
    await t.caller(cat.token).posts.like({ postId });
    await t.caller(bob.token).posts.like({ postId });
    const likes = async () =>
      (await t.caller(me.token).notifications.list({})).items.map((view) => ({
        actors: view.actors.map((actor) => actor.username),
        actorCount: view.actorCount,
      }));
    expect(await likes()).toEqual([{ actors: [bob.username, cat.username], actorCount: 2 }]);
    await t.caller(me.token).relations.mute({ username: bob.username });
    expect(await likes()).toEqual([{ actors: [cat.username], actorCount: 1 }]);
    expect((await t.caller(me.token).notifications.unreadCount()).count).toBe(1);
    await t.caller(me.token).relations.mute({ username: cat.username });
    expect(await likes()).toEqual([]);
    expect((await t.caller(me.token).notifications.unreadCount()).count).toBe(0);
  });
});
