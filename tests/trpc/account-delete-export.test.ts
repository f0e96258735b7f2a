import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { messages } from '../../src/server/domain/errors.js';
import { expectRefusedCall } from '../helpers/accounts.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Account settings: deleting my account (confirmed with my password) and exporting my data.

let t: TestApp;
afterEach(() => t?.close());

/** Rows anywhere that name the member. */
async function rowsOf(memberId: string) {
  const counts: Record<string, number> = {};
  for (const [table, where] of [
    ['users', 'id = $1'],
    ['posts', 'author_id = $1'],
    ['comments', 'author_id = $1'],
    ['post_reactions', 'user_id = $1'],
    ['comment_votes', 'user_id = $1'],
    ['bookmarks', 'user_id = $1'],
    ['follows', 'follower_id = $1 or followee_id = $1'],
    ['notifications', 'recipient_id = $1'],
    ['notification_actors', 'actor_id = $1'],
    ['post_mentions', 'user_id = $1'],
    ['comment_mentions', 'user_id = $1'],
    ['invites', 'created_by = $1'],
  ] as const) {
    const [row] = await t.sql<{ n: number }>(`select count(*) as n from ${table} where ${where}`, [memberId]);
    counts[table] = row!.n;
  }
  return counts;
}

/** A member with something of every kind: posts, comments, likes, votes, follows both ways, bookmarks... */
async function busyMember() {
  const leaver = await t.member({ role: 'admin' });
  const friend = await t.member();
  const [me, them] = [t.caller(leaver.token), t.caller(friend.token)];
  const theirPost = await them.posts.create({ content: `a post for @${leaver.username}` });
  const minePost = await me.posts.create({ content: `hello @${friend.username}` });
  await them.posts.like({ postId: minePost.id });
  await them.comments.add({ postId: minePost.id, text: 'nice' });
  await me.posts.like({ postId: theirPost.id });
  const commented = await me.comments.add({ postId: theirPost.id, text: `thanks @${friend.username}` });
  const theirComment = await them.comments.add({
    postId: theirPost.id,
    text: `welcome, @${leaver.username}`,
  });
  await me.comments.upvote({ postId: theirPost.id, commentId: theirComment.latestComments.at(-1)!.id });
  await me.bookmarks.add({ postId: theirPost.id });
  await me.bookmarks.add({ postId: minePost.id });
  await me.follow.follow({ userId: friend.id });
  await them.follow.follow({ userId: leaver.id });
  await me.invites.create({});
  return { leaver, friend, me, them, theirPost, minePost, commentId: commented.latestComments.at(-1)!.id };
}

describe('account.delete', () => {
  it('refuses a wrong password and changes nothing', async () => {
    t = await makeTestApp();
    const { me } = await busyMember();
    await expectRefusedCall(
      t,
      () => me.account.delete({ password: 'not-my-password' }),
      'FORBIDDEN',
      messages.wrongPasswordForDelete,
    );
  });

  it('removes the member and all they made, keeps the counters of what stays right, and frees the username', async () => {
    t = await makeTestApp();
    const { leaver, friend, me, them, theirPost } = await busyMember();
    const before = await rowsOf(leaver.id);
    expect(Object.keys(before).filter((table) => before[table] === 0)).toEqual([]);
    const friendBefore = await them.users.me();
    expect(friendBefore.followerCount).toBe(1);

    expect(await me.account.delete({ password: factoryPassword })).toEqual({ ok: true });

    const after = await rowsOf(leaver.id);
    expect(Object.keys(after).filter((table) => after[table] !== 0)).toEqual([]);
    const [post] = await t.sql<{ like_count: number; comment_count: number }>(
      'select like_count, comment_count from posts where id = $1',
      [theirPost.id],
    );
    expect(post).toEqual({ like_count: 0, comment_count: 1 }); // the friend's own comment stays
    expect((await them.users.me()).followerCount).toBe(0);
    expect(await t.sql('select id from users')).toEqual([{ id: friend.id }]);
    // Their token now names nobody; the username is free for a newcomer.
    await expect(me.account.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const again = await t.caller().auth.signup({
      ...{ username: leaver.username, email: 'again@example.com', password: 'a-good-password' },
    });
    expect(again.user.username).toBe(leaver.username);
  });
});

describe('account.export', () => {
  it('carries my profile, posts, comments, bookmarks, following and followers, newest first, never a hash', async () => {
    t = await makeTestApp();
    const { leaver, friend, me, theirPost, minePost, commentId } = await busyMember();
    const archive = await me.account.export();
    expect(archive).toEqual({
      exportedAt: expect.any(String),
      instance: 'Realm',
      profile: {
        id: leaver.id,
        username: leaver.username,
        firstName: 'Test',
        lastName: expect.any(String),
        profilePic: expect.any(String),
        bio: expect.any(String),
        link: expect.any(String),
        profileBanner: expect.any(String),
        createdAt: expect.any(String),
      },
      posts: [
        {
          id: minePost.id,
          content: `hello @${friend.username}`,
          createdAt: minePost.createdAt,
          updatedAt: expect.any(String),
          editedAt: null,
          likeCount: 1,
          media: [],
        },
      ],
      comments: [
        {
          id: commentId,
          postId: theirPost.id,
          text: `thanks @${friend.username}`,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          editedAt: null,
        },
      ],
      bookmarks: [
        { postId: minePost.id, bookmarkedAt: expect.any(String) },
        { postId: theirPost.id, bookmarkedAt: expect.any(String) },
      ],
      following: [{ username: friend.username, since: expect.any(String) }],
      followers: [{ username: friend.username, since: expect.any(String) }],
      truncated: false,
    });
    const [row] = await t.sql<{ password_hash: string }>('select password_hash from users where id = $1', [
      leaver.id,
    ]);
    expect(JSON.stringify(archive)).not.toContain(row!.password_hash);
    expect(JSON.stringify(archive)).not.toMatch(/password|hash|token/i);
  });

  it('is bounded: the newest 10,000 entries of a list, and says it was truncated', async () => {
    t = await makeTestApp();
    const me = await t.member();
    await t.sql(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 10001)
       insert into posts (id, author_id, content, created_at, updated_at)
       select 'post-' || i, $1, 'post number ' || i, 1000 + i, 1000 + i from n`,
      [me.id],
    );
    const archive = await t.caller(me.token).account.export();
    expect(archive.posts).toHaveLength(10_000);
    expect(archive.posts[0]).toMatchObject({ id: 'post-10001', content: 'post number 10001' });
    expect(archive.posts.at(-1)).toMatchObject({ id: 'post-2' });
    expect(archive.truncated).toBe(true);
  });

  it('reads with a fixed number of statements, whatever the member wrote', async () => {
    t = await makeTestApp();
    const quiet = await t.member();
    const { me } = await busyMember();
    const few = await statementsRunBy(t, () => t.caller(quiet.token).account.export());
    const many = await statementsRunBy(t, () => me.account.export());
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(10);
  });

  it('is refused to a pending or suspended member, and to anyone without a token', async () => {
    t = await makeTestApp();
    const pending = await t.member({ status: 'pending' });
    const suspended = await t.member({ status: 'suspended' });
    await expect(t.caller(pending.token).account.export()).rejects.toMatchObject({
      message: messages.pending,
    });
    await expect(t.caller(suspended.token).account.export()).rejects.toMatchObject({
      message: messages.suspended,
    });
    await expect(t.caller().account.export()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
