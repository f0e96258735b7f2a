import { afterEach, describe, expect, it } from 'vitest';
import { get } from '../helpers/http.js';
import { everywhere, expectRefusedCall, seenBy, threadOf, type Member } from '../helpers/relations.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A suspended member's content is hidden from everyone (posts, comments, their part in
// notifications, suggestions and mention links); a limited member is hidden from explore and who-to-follow
// only; a pending member is suggested to nobody. The status is set here directly: moderation sets it.

let t: TestApp;
afterEach(() => t?.close());

const as = (member: Member) => t.caller(member.token);
const setStatus = (member: Member, status: 'active' | 'pending' | 'suspended') =>
  t.sql('update users set status = $2 where id = $1', [member.id, status]);
const setLimited = (member: Member, limited: boolean) =>
  t.sql('update users set limited_at = $2 where id = $1', [member.id, limited ? Date.now() : null]);

/** Sam (to be suspended or limited) and Val, who follows Sam, each with posts, comments, likes, mentions. */
async function world() {
  const [val, sam, cat] = [await t.member(), await t.member(), await t.member()];
  await as(val).follow.follow({ userId: sam.id });
  await as(sam).follow.follow({ userId: val.id });
  const catPost = (await as(cat).posts.create({ content: `#tagged by cat, with @${sam.username}` })).id;
  const samPost = (await as(sam).posts.create({ content: '#tagged by sam' })).id;
  const valPost = (await as(val).posts.create({ content: '#tagged by val' })).id;
  await as(sam).comments.add({ postId: catPost, text: 'sam on cat' });
  await as(val).comments.add({ postId: catPost, text: 'val on cat' });
  await as(sam).posts.like({ postId: valPost });
  await as(sam).comments.add({ postId: valPost, text: `@${val.username} sam on val` });
  await as(val).bookmarks.add({ postId: samPost });
  return { val, sam, cat, posts: { cat: catPost, sam: samPost, val: valPost } };
}

describe('a suspended member', () => {
  it('is hidden from everyone: feeds, comments, the post page, notifications, suggestions, mention links', async () => {
    t = await makeTestApp();
    const { val, sam, cat, posts } = await world();
    const views = (viewer: Member) => seenBy(t, viewer, [sam.username, val.username], 'tagged');
    const before = await views(val);
    expect(before.latest).toContain(sam.username);
    expect(before.notifications.flatMap((n) => n.actors)).toContain(sam.username);

    await setStatus(sam, 'suspended');
    for (const viewer of [val, cat]) {
      const seen = await views(viewer);
      expect(everywhere(seen)).not.toContain(sam.username);
      expect(seen.explore).toEqual([val.username, cat.username]);
    }
    // Val's notifications of Sam (a follow, a like, a comment and its mention) are gone, and not counted.
    expect((await views(val)).notifications).toEqual([]);
    expect((await views(val)).unread).toBe(0);
    for (const viewer of [val, cat, null]) {
      await expect(t.caller(viewer?.token).posts.byId({ postId: posts.sam })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      expect(await threadOf(t, viewer, posts.sam)).toBe('NOT_FOUND');
      expect(await threadOf(t, viewer, posts.cat)).toEqual([val.username]);
      const card = await t.caller(viewer?.token).posts.byId({ postId: posts.cat });
      expect(card.mentions).toEqual([]); // no link to a suspended member
      expect(card.latestComments.map((c) => c.author.username)).toEqual([val.username]);
    }
    // Anyone signed out sees the same.
    expect((await t.caller().posts.explore({})).items.map((card) => card.author.username)).toEqual([
      val.username,
      cat.username,
    ]);
    // Their post is not there to act on: not found, and nothing changes.
    const notFound = { code: 'NOT_FOUND', message: 'Post not found' };
    await expectRefusedCall(t, () => as(val).posts.like({ postId: posts.sam }), notFound);
    await expectRefusedCall(t, () => as(val).comments.add({ postId: posts.sam, text: 'hi' }), notFound);
    await expectRefusedCall(t, () => as(val).bookmarks.remove({ postId: posts.sam }), notFound);

    // Unsuspended, all of it is back.
    await setStatus(sam, 'active');
    expect(await views(val)).toEqual(before);
  });

  it('is left out of the legacy REST post lists and answers', async () => {
    t = await makeTestApp();
    const { val, sam, posts } = await world();
    const ids = async (url: string) =>
      ((await get(t.app, url, val.token)).body as { posts: { _id: string }[] }).posts.map(
        (entry) => entry._id,
      );
    expect(await ids('/api/posts')).toContain(posts.sam);
    await setStatus(sam, 'suspended');
    expect(await ids('/api/posts')).toEqual([posts.cat, posts.val]); // oldest first, as the mock
    expect(await ids(`/api/posts/user/${sam.username}`)).toEqual([]);
    expect((await get(t.app, `/api/posts/${posts.sam}`, val.token)).status).toBe(404);
    expect((await get(t.app, `/api/posts/${posts.val}`, val.token)).status).toBe(200);
  });
});

describe('a limited member', () => {
  it('is hidden from explore and who-to-follow only', async () => {
    t = await makeTestApp();
    const { val, sam, cat, posts } = await world();
    const stranger = await t.member();
    await setLimited(sam, true);
    for (const viewer of [val, cat, stranger]) {
      const seen = await seenBy(t, viewer, [sam.username], 'tagged');
      expect(seen.explore).not.toContain(sam.username);
      expect(seen.whoToFollow).not.toContain(sam.username);
      // Elsewhere Sam is as before: their profile, the tag, the post page and their comments.
      expect(seen.profiles[sam.username]).toEqual([sam.username]);
      expect(seen.tag).toContain(sam.username);
      expect(await threadOf(t, viewer, posts.cat)).toEqual([sam.username, val.username]);
      await as(viewer).posts.byId({ postId: posts.sam });
    }
    // Those who follow Sam see their posts at home, and their notifications.
    const val2 = await seenBy(t, val, [], 'tagged');
    expect(val2.latest).toContain(sam.username);
    expect(val2.notifications.flatMap((n) => n.actors)).toContain(sam.username);
    expect((await t.caller().posts.explore({})).items.map((card) => card.author.username)).not.toContain(
      sam.username,
    );
    await setLimited(sam, false);
    expect((await seenBy(t, stranger, [], 'tagged')).explore).toContain(sam.username);
    expect((await seenBy(t, stranger, [], 'tagged')).whoToFollow).toContain(sam.username);
  });
});

describe('who to follow', () => {
  it('suggests active members only: not pending, suspended or limited, nor anyone blocked or muted', async () => {
    t = await makeTestApp();
    const [me, active, pending, suspended, limited, blocked, blocking, muted] = await Promise.all(
      Array.from({ length: 8 }, () => t.member()),
    );
    await setStatus(pending!, 'pending');
    await setStatus(suspended!, 'suspended');
    await setLimited(limited!, true);
    await as(me!).relations.block({ username: blocked!.username });
    await as(blocking!).relations.block({ username: me!.username });
    await as(me!).relations.mute({ username: muted!.username });
    expect((await as(me!).users.whoToFollow()).map((user) => user.username)).toEqual([active!.username]);
  });
});
