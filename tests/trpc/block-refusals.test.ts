import { afterEach, describe, expect, it } from 'vitest';
import { expectRefused } from '../helpers/expect.js';
import { post } from '../helpers/http.js';
import { inbox } from '../helpers/notifications.js';
import { blockedRefusal, expectRefusedCall, threadOf, type Member } from '../helpers/relations.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// After a block, neither can follow, comment on, like or mention the other. Each refusal is a 403 with the
// block's message, whichever of the two blocked, and changes nothing; a mention across a block records
// nothing and notifies nobody. On both engines.

let t: TestApp;
afterEach(() => t?.close());

const as = (member: Member) => t.caller(member.token);

/** Ann and Bob, each with posts, comments and bookmarks made before Ann blocks Bob; Cat, on nobody's side. */
async function blockedPair() {
  const [ann, bob, cat] = [await t.member(), await t.member(), await t.member()];
  const postsOf = async (member: Member) => ({
    main: (await as(member).posts.create({ content: `${member.username}'s post` })).id,
    other: (await as(member).posts.create({ content: `${member.username}'s other post` })).id,
  });
  const posts = { ann: await postsOf(ann), bob: await postsOf(bob), cat: await postsOf(cat) };
  const comment = async (member: Member, postId: string) => {
    await as(member).comments.add({ postId, text: `${member.username} was here` });
    const [row] = await t.sql<{ id: string }>(
      'select id from comments where author_id = $1 and post_id = $2',
      [member.id, postId],
    );
    return row!.id;
  };
  const comments = {
    annOnCat: await comment(ann, posts.cat.main),
    bobOnCat: await comment(bob, posts.cat.main),
    annOnBob: await comment(ann, posts.bob.main),
    bobOnAnn: await comment(bob, posts.ann.main),
    catOnAnn: await comment(cat, posts.ann.main),
    catOnBob: await comment(cat, posts.bob.main),
  };
  for (const postId of [posts.ann.main, posts.bob.main]) await as(cat).posts.like({ postId });
  await as(ann).bookmarks.add({ postId: posts.bob.main });
  await as(bob).bookmarks.add({ postId: posts.ann.main });
  await as(ann).relations.block({ username: bob.username });
  return { ann, bob, cat, posts, comments };
}

describe('across a block, either way', () => {
  it('refuses follows, comments, likes, dislikes, votes and bookmarks with 403, changing nothing', async () => {
    t = await makeTestApp();
    const { ann, bob, posts, comments } = await blockedPair();
    const sides = [
      { me: ann, other: bob, theirs: posts.bob, theirComment: comments.bobOnCat, mine: comments.annOnBob },
      { me: bob, other: ann, theirs: posts.ann, theirComment: comments.annOnCat, mine: comments.bobOnAnn },
    ];
    for (const { me, other, theirs, theirComment, mine } of sides) {
      const calls: [string, () => Promise<unknown>][] = [
        ['follow', () => as(me).follow.follow({ userId: other.id })],
        ['comment', () => as(me).comments.add({ postId: theirs.main, text: 'hello' })],
        ['like', () => as(me).posts.like({ postId: theirs.main })],
        ['dislike', () => as(me).posts.dislike({ postId: theirs.main })],
        ['bookmark', () => as(me).bookmarks.add({ postId: theirs.other })],
        ['drop a bookmark of theirs', () => as(me).bookmarks.remove({ postId: theirs.main })],
        [
          'upvote their comment',
          () => as(me).comments.upvote({ postId: posts.cat.main, commentId: theirComment }),
        ],
        [
          'downvote their comment',
          () => as(me).comments.downvote({ postId: posts.cat.main, commentId: theirComment }),
        ],
        [
          'vote on their post',
          () =>
            as(me).comments.upvote({
              postId: theirs.main,
              commentId: me === ann ? comments.catOnBob : comments.catOnAnn,
            }),
        ],
        [
          'edit my comment on their post',
          () => as(me).comments.edit({ postId: theirs.main, commentId: mine, text: 'x' }),
        ],
        [
          'delete my comment on their post',
          () => as(me).comments.delete({ postId: theirs.main, commentId: mine }),
        ],
      ];
      for (const [what, call] of calls) {
        await expectRefusedCall(t, call, blockedRefusal).catch((error: Error) => {
          throw new Error(`${me.username}: ${what}: ${error.message}`);
        });
      }
    }
  });

  it('refuses the REST bridge alike: 403 with the block’s message in the spec’s error shape', async () => {
    t = await makeTestApp();
    const { bob, posts } = await blockedPair();
    const message = blockedRefusal.message;
    await expectRefused(t, () => post(t.app, `/api/posts/like/${posts.ann.main}`, bob.token), 403, message);
    await expectRefused(
      t,
      () => post(t.app, `/api/users/bookmark/${posts.ann.other}`, bob.token),
      403,
      message,
    );
  });

  it('leaves what is not the other’s open: my own posts, a third member’s, and the other’s comment on my post', async () => {
    t = await makeTestApp();
    const { ann, bob, cat, posts, comments } = await blockedPair();
    // Bob comments on Cat's post, where Ann commented too: allowed, and hidden from Ann.
    await as(bob).comments.add({ postId: posts.cat.main, text: 'still here' });
    expect(await threadOf(t, ann, posts.cat.main)).toEqual([ann.username]);
    expect(await threadOf(t, cat, posts.cat.main)).toEqual([ann.username, bob.username, bob.username]);
    await as(bob).posts.like({ postId: posts.cat.other });
    // Ann deletes Bob's comment on her own post: it is her post.
    await as(ann).comments.delete({ postId: posts.ann.main, commentId: comments.bobOnAnn });
    expect(await threadOf(t, cat, posts.ann.main)).toEqual([cat.username]);
    // Each still writes on their own posts.
    await as(bob).posts.edit({ postId: posts.bob.main, content: 'edited' });
    await as(ann).comments.add({ postId: posts.ann.main, text: 'mine' });
  });

  it('records no mention of the other and tells them nothing; a third member mentions both', async () => {
    t = await makeTestApp();
    const { ann, bob, cat, posts } = await blockedPair();
    const annPost = await as(ann).posts.create({ content: `hello @${bob.username} and @${cat.username}` });
    expect(annPost.mentions).toEqual([cat.username]);
    await as(bob).comments.add({ postId: posts.cat.main, text: `@${ann.username} look` });
    const bobPost = await as(bob).posts.create({ content: `@${ann.username}` });
    expect(bobPost.mentions).toEqual([]);
    const mentioned = await t.sql<{ user_id: string }>(
      'select user_id from post_mentions union all select user_id from comment_mentions',
    );
    expect(mentioned.map((row) => row.user_id)).toEqual([cat.id]);
    expect((await inbox(t, bob)).filter((view) => view.kind === 'mention')).toEqual([]);
    expect((await inbox(t, ann)).filter((view) => view.kind === 'mention')).toEqual([]);
    // Cat is not blocked: Cat's mention of both tells both.
    await as(cat).posts.create({ content: `@${ann.username} @${bob.username}` });
    expect((await inbox(t, ann)).filter((view) => view.kind === 'mention')).toHaveLength(1);
    expect((await inbox(t, bob)).filter((view) => view.kind === 'mention')).toHaveLength(1);
  });

  it('takes back, at the next edit, a mention made before the block', async () => {
    t = await makeTestApp();
    const [ann, bob] = [await t.member(), await t.member()];
    const { id: postId } = await as(bob).posts.create({ content: `hi @${ann.username}` });
    expect((await inbox(t, ann)).map((view) => view.kind)).toEqual(['mention']);
    await as(ann).relations.block({ username: bob.username });
    await as(bob).posts.edit({ postId, content: `hi @${ann.username}!` });
    expect(await t.sql('select * from post_mentions')).toEqual([]);
    await as(ann).relations.unblock({ username: bob.username });
    expect(await inbox(t, ann)).toEqual([]);
  });
});

describe('a mute', () => {
  it('refuses nothing to the muted member', async () => {
    t = await makeTestApp();
    const [ann, bob] = [await t.member(), await t.member()];
    const { id: postId } = await as(ann).posts.create({ content: 'mine' });
    await as(ann).relations.mute({ username: bob.username });
    await as(bob).follow.follow({ userId: ann.id });
    await as(bob).posts.like({ postId });
    await as(bob).bookmarks.add({ postId });
    const card = await as(bob).comments.add({ postId, text: `@${ann.username} hello` });
    expect(card.latestComments[0]).toMatchObject({
      text: `@${ann.username} hello`,
      mentions: [ann.username],
    });
    // Ann sees none of it; unmuted, she sees all of it (the comment tells her of its mention too).
    expect(await inbox(t, ann)).toEqual([]);
    await as(ann).relations.unmute({ username: bob.username });
    const kinds = (await inbox(t, ann)).map((view) => view.kind);
    expect(kinds.sort()).toEqual(['comment', 'follow', 'like']);
  });
});
