import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { freezeClockInNewSpan, gist, groupSpanMs, inbox, unread } from '../helpers/notifications.js';

// Comments on one post group as likes do ("Amara Okafor and 4 others commented on your post"), within one
// 12-hour span (domain/notifications.ts); a group shows its newest comment that the member may see; a deleted
// comment takes its author out unless another of theirs remains. Runs on both engines.

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

const minute = 60_000;
const members = (n: number) => Promise.all(Array.from({ length: n }, () => t.member()));

describe('comments on one post', () => {
  it('gather in one group, newest commenters first and all counted, with the newest comment; their own tell nobody', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [author, ...others] = await members(6);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'What do you think?' });
    const { id: elsewhere } = await t.caller(author!.token).posts.create({ content: 'another post' });
    await t.caller(author!.token).comments.add({ postId, text: 'my own comment' });
    expect(await inbox(t, author!)).toEqual([]);

    for (const [i, other] of others.entries()) {
      clock.later(minute);
      await t.caller(other.token).comments.add({ postId, text: `comment ${i} ${'x'.repeat(120)}` });
    }
    clock.later(minute);
    await t.caller(others[0]!.token).comments.add({ postId: elsewhere, text: 'on the other post' });

    const views = await inbox(t, author!);
    expect(views.map(gist)).toEqual([
      { kind: 'comment', actors: [others[0]!.username], actorCount: 1 },
      { kind: 'comment', actors: [others[4], others[3], others[2]].map((m) => m!.username), actorCount: 5 },
    ]);
    expect(views[1]).toMatchObject({
      post: { id: postId, excerpt: 'What do you think?' },
      comment: { id: expect.any(String), excerpt: `comment 4 ${'x'.repeat(90)}` },
    });
    expect(views[0]).toMatchObject({ post: { id: elsewhere }, comment: { excerpt: 'on the other post' } });
    expect(Date.parse(views[0]!.at) - Date.parse(views[1]!.at)).toBe(minute);
    expect(await unread(t, author!)).toBe(2);
  });

  it('from one member twice count them once, at their newest; 12 hours apart make two groups', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [author, amara] = await members(2);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'a post' });
    await t.caller(amara!.token).comments.add({ postId, text: 'first thought' });
    clock.later(minute);
    await t.caller(amara!.token).comments.add({ postId, text: 'second thought' });
    const [group, ...rest] = await inbox(t, author!);
    expect(rest).toEqual([]);
    expect(gist(group!)).toEqual({ kind: 'comment', actors: [amara!.username], actorCount: 1 });
    expect(group!.comment!.excerpt).toBe('second thought');

    clock.later(groupSpanMs);
    await t.caller(amara!.token).comments.add({ postId, text: 'a day later' });
    expect((await inbox(t, author!)).map((view) => view.comment?.excerpt)).toEqual([
      'a day later',
      'second thought',
    ]);
  });

  it('show the newest comment of a commenter the member still sees: a muted one’s is passed over', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [author, amara, kenji] = await members(3);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'a post' });
    await t.caller(amara!.token).comments.add({ postId, text: 'from amara' });
    clock.later(minute);
    await t.caller(kenji!.token).comments.add({ postId, text: 'from kenji' });
    await t.caller(author!.token).relations.mute({ username: kenji!.username });
    const [group] = await inbox(t, author!);
    expect(gist(group!)).toEqual({ kind: 'comment', actors: [amara!.username], actorCount: 1 });
    expect(group!.comment!.excerpt).toBe('from amara');
  });
});

describe('a deleted comment', () => {
  it('takes its author out only when none of theirs is left, whoever deletes it; the others’ stay', async () => {
    t = await makeTestApp();
    const clock = freezeClockInNewSpan();
    const [author, amara, kenji] = await members(3);
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'a post' });
    const add = async (who: typeof amara, text: string) => {
      clock.later(minute);
      const card = await t.caller(who!.token).comments.add({ postId, text });
      return card.latestComments.find((c) => c.text === text)!.id;
    };
    const kenjis = await add(kenji, 'from kenji');
    const amaras = [await add(amara, 'amara one'), await add(amara, 'amara two')];

    // The group's newest comment goes, not the group: it shows the newest left.
    await t.caller(amara!.token).comments.delete({ postId, commentId: amaras[1]! });
    let [group] = await inbox(t, author!);
    expect(gist(group!)).toEqual({
      kind: 'comment',
      actors: [amara!.username, kenji!.username],
      actorCount: 2,
    });
    expect(group!.comment!.excerpt).toBe('amara one');

    await t.caller(author!.token).comments.delete({ postId, commentId: amaras[0]! });
    [group] = await inbox(t, author!);
    expect(gist(group!)).toEqual({ kind: 'comment', actors: [kenji!.username], actorCount: 1 });
    expect(group!.comment!.excerpt).toBe('from kenji');

    await t.caller(kenji!.token).comments.delete({ postId, commentId: kenjis });
    expect(await inbox(t, author!)).toEqual([]);
    expect(await unread(t, author!)).toBe(0);
  });
});
