import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { freezeClockInNewSpan, gist, groupSpanMs, inbox, unread } from '../helpers/notifications.js';

// The rules of domain/notifications.ts: likes and follows, who is told, and how they group. Runs on
// both engines (the suite on postgres picks up tests/trpc).

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

const minute = 60_000;

async function members(n: number) {
  return Promise.all(Array.from({ length: n }, () => t.member()));
}

describe('likes', () => {
  it('tell the post’s author who liked it, with the post’s first 100 characters; a self-like tells nobody', async () => {
    t = await makeTestApp();
    const [author, amara] = await members(2);
    // 150 characters, a third of them outside the BMP: an excerpt counts characters, not UTF-16 units.
    const content = 'ab😀'.repeat(50);
    const { id: postId } = await t.caller(author!.token).posts.create({ content });
    await t.caller(author!.token).posts.like({ postId });
    expect(await inbox(t, author!)).toEqual([]);

    await t.caller(amara!.token).posts.like({ postId });
    const [view, ...rest] = await inbox(t, author!);
    expect(rest).toEqual([]);
    expect(view).toEqual({
      id: expect.any(String),
      kind: 'like',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      unread: true,
      actors: [
        {
          id: amara!.id,
          username: amara!.username,
          firstName: 'Test',
          lastName: expect.any(String),
          profilePic: '',
        },
      ],
      actorCount: 1,
      post: { id: postId, excerpt: [...content].slice(0, 100).join('') },
      comment: null,
    });
    expect(Math.abs(Date.parse(view!.at) - Date.now())).toBeLessThan(minute);
    expect(await unread(t, author!)).toBe(1);
    expect(await inbox(t, amara!)).toEqual([]);
  });

  it('of one post gather in one group, newest actors first and all counted; another post has its own', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [author, ...likers] = await members(6);
    const { id: first } = await t.caller(author!.token).posts.create({ content: 'first' });
    const { id: second } = await t.caller(author!.token).posts.create({ content: 'second' });
    for (const liker of likers) {
      clock.later(minute);
      await t.caller(liker.token).posts.like({ postId: first });
    }
    clock.later(minute);
    await t.caller(likers[0]!.token).posts.like({ postId: second });

    const views = await inbox(t, author!);
    expect(views.map(gist)).toEqual([
      { kind: 'like', actors: [likers[0]!.username], actorCount: 1 },
      { kind: 'like', actors: [likers[4], likers[3], likers[2]].map((m) => m!.username), actorCount: 5 },
    ]);
    expect(views.map((view) => view.post?.id)).toEqual([second, first]);
    // A group's time is its newest actor's.
    expect(Date.parse(views[0]!.at) - Date.parse(views[1]!.at)).toBe(minute);
    expect(await unread(t, author!)).toBe(2);
  });

  it('12 hours apart make two groups', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [author, amara, kenji] = await members(3);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'a post' });
    await t.caller(amara!.token).posts.like({ postId });
    clock.later(groupSpanMs);
    await t.caller(kenji!.token).posts.like({ postId });
    expect((await inbox(t, author!)).map(gist)).toEqual([
      { kind: 'like', actors: [kenji!.username], actorCount: 1 },
      { kind: 'like', actors: [amara!.username], actorCount: 1 },
    ]);
  });

  it('taken back (a dislike after a like) take the actor out, an emptied group goes, and a like again tells again', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [author, amara, kenji] = await members(3);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'a post' });
    await t.caller(amara!.token).posts.like({ postId });
    const amaraAt = (await inbox(t, author!))[0]!.at;
    clock.later(minute);
    await t.caller(kenji!.token).posts.like({ postId });

    await t.caller(kenji!.token).posts.dislike({ postId });
    const [left] = await inbox(t, author!);
    expect(gist(left!)).toEqual({ kind: 'like', actors: [amara!.username], actorCount: 1 });
    expect(left!.at).toBe(amaraAt); // the time of the actor who is left

    await t.caller(amara!.token).posts.dislike({ postId });
    expect(await inbox(t, author!)).toEqual([]);
    expect(await unread(t, author!)).toBe(0);

    clock.later(minute);
    await t.caller(amara!.token).posts.like({ postId });
    expect((await inbox(t, author!)).map(gist)).toEqual([
      { kind: 'like', actors: [amara!.username], actorCount: 1 },
    ]);
    expect(await unread(t, author!)).toBe(1);
  });

  it('a dislike without a like tells nobody and takes nothing back', async () => {
    t = await makeTestApp();
    const [author, amara, kenji] = await members(3);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'a post' });
    await t.caller(amara!.token).posts.like({ postId });
    await t.caller(kenji!.token).posts.dislike({ postId });
    expect((await inbox(t, author!)).map(gist)).toEqual([
      { kind: 'like', actors: [amara!.username], actorCount: 1 },
    ]);
  });
});

// Comments group as likes do: tests/trpc/notification-comment-groups.test.ts.

describe('follows', () => {
  it('tell the followed member, gather in one group, and an unfollow takes its part back', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [star, amara, kenji] = await members(3);
    await t.caller(amara!.token).follow.follow({ userId: star!.id });
    clock.later(minute);
    await t.caller(kenji!.token).follow.follow({ userId: star!.id });
    const [group, ...rest] = await inbox(t, star!);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({
      kind: 'follow',
      actors: [{ username: kenji!.username }, { username: amara!.username }],
      actorCount: 2,
      post: null,
      comment: null,
    });
    expect(await inbox(t, amara!)).toEqual([]);

    await t.caller(kenji!.token).follow.unfollow({ userId: star!.id });
    expect((await inbox(t, star!)).map(gist)).toEqual([
      { kind: 'follow', actors: [amara!.username], actorCount: 1 },
    ]);
    await t.caller(amara!.token).follow.unfollow({ userId: star!.id });
    expect(await inbox(t, star!)).toEqual([]);

    // Following again, a day later: a new group.
    clock.later(2 * groupSpanMs);
    await t.caller(amara!.token).follow.follow({ userId: star!.id });
    expect((await inbox(t, star!)).map(gist)).toEqual([
      { kind: 'follow', actors: [amara!.username], actorCount: 1 },
    ]);
  });

  it('12 hours apart make two groups, and an unfollow takes the actor out of every one', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [star, amara, kenji] = await members(3);
    await t.caller(amara!.token).follow.follow({ userId: star!.id });
    clock.later(groupSpanMs);
    await t.caller(kenji!.token).follow.follow({ userId: star!.id });
    await t.caller(amara!.token).follow.unfollow({ userId: star!.id });
    await t.caller(amara!.token).follow.follow({ userId: star!.id });
    expect((await inbox(t, star!)).map(gist)).toEqual([
      { kind: 'follow', actors: [amara!.username, kenji!.username], actorCount: 2 },
    ]);
  });
});

describe('deleting a post', () => {
  it('takes its likes’, comments’ and mentions’ notifications with it, and leaves the rest', async () => {
    t = await makeTestApp();
    const [author, amara, kenji, jane] = await members(4);
    const { id: postId } = await t.caller(author!.token).posts.create({
      content: `hello @${kenji!.username}`,
    });
    await t.caller(amara!.token).posts.like({ postId });
    await t.caller(amara!.token).comments.add({ postId, text: `cc @${jane!.username}` });
    await t.caller(amara!.token).follow.follow({ userId: author!.id });
    expect((await inbox(t, author!)).map((view) => view.kind)).toEqual(['follow', 'comment', 'like']);
    expect((await inbox(t, kenji!)).map((view) => view.kind)).toEqual(['mention']);
    expect((await inbox(t, jane!)).map((view) => view.kind)).toEqual(['mention']);

    await t.caller(author!.token).posts.delete({ postId });
    expect((await inbox(t, author!)).map((view) => view.kind)).toEqual(['follow']);
    expect(await unread(t, author!)).toBe(1);
    expect(await inbox(t, kenji!)).toEqual([]);
    expect(await inbox(t, jane!)).toEqual([]);
    expect(await unread(t, jane!)).toBe(0);
  });
});
