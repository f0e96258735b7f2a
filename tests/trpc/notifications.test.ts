import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/server/store/store.js';
import { expectInvalid } from '../helpers/expect.js';
import { post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { gist, inbox, notificationRows, unread } from '../helpers/notifications.js';

// notifications.list, unreadCount and markRead as a member uses them, the REST bridge's writes
// that notify too, and refused calls that change nothing. Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const invalidToken = { code: 'UNAUTHORIZED', message: 'The token is invalid. Unauthorized access error.' };

/** `n` posts by `author`, each liked by `liker` in turn: `n` like notifications, oldest first. */
async function likedPosts(author: { token: string }, liker: { token: string }, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { id } = await t.caller(author.token).posts.create({ content: `post ${i}` });
    await t.caller(liker.token).posts.like({ postId: id });
    ids.push(id);
  }
  return ids;
}

describe('the read marker', () => {
  it('marks read up to a time, never moves back, and a group that gains an actor is unread again', async () => {
    t = await makeTestApp();
    const [author, amara, kenji] = await Promise.all([t.member(), t.member(), t.member()]);
    const [older, newer] = await likedPosts(author, amara, 2);
    const [newest, oldest] = await inbox(t, author);
    expect([newest!.post!.id, oldest!.post!.id]).toEqual([newer, older]);
    expect(await unread(t, author)).toBe(2);

    const mine = t.caller(author.token).notifications;
    expect(await mine.markRead({ upTo: oldest!.at })).toEqual({ count: 1 });
    expect((await inbox(t, author)).map((view) => view.unread)).toEqual([true, false]);
    expect(await mine.markRead({ upTo: newest!.at })).toEqual({ count: 0 });
    expect((await inbox(t, author)).map((view) => view.unread)).toEqual([false, false]);
    // An older time (another tab that saw less) leaves the marker where it is.
    expect(await mine.markRead({ upTo: oldest!.at })).toEqual({ count: 0 });
    expect(await mine.markRead({ upTo: '2000-01-01T00:00:00Z' })).toEqual({ count: 0 });
    expect(await unread(t, author)).toBe(0);

    // Kenji joins the older group: it comes back to the top, unread.
    await t.caller(kenji.token).posts.like({ postId: older! });
    const [regrouped, read] = await inbox(t, author);
    expect(gist(regrouped!)).toEqual({
      kind: 'like',
      actors: [kenji.username, amara.username],
      actorCount: 2,
    });
    expect(regrouped).toMatchObject({ unread: true, post: { id: older } });
    expect(read).toMatchObject({ unread: false, post: { id: newer } });
    expect(await unread(t, author)).toBe(1);
    // Each member has their own marker.
    expect(await unread(t, amara)).toBe(0);
  });

  it('is not set beyond the server’s clock, so later notifications still show as unread', async () => {
    t = await makeTestApp();
    const [author, amara] = await Promise.all([t.member(), t.member()]);
    expect(await t.caller(author.token).notifications.markRead({ upTo: '9999-12-31T23:59:59.999Z' })).toEqual(
      {
        count: 0,
      },
    );
    await likedPosts(author, amara, 1);
    expect(await unread(t, author)).toBe(1);
    expect((await inbox(t, author))[0]!.unread).toBe(true);
  });

  it('takes an ISO 8601 time, and says so otherwise', async () => {
    t = await makeTestApp();
    const mine = t.caller((await t.member()).token).notifications;
    const message = 'upTo must be an ISO 8601 time, such as 2026-11-22T09:30:00.000Z.';
    for (const upTo of [
      'yesterday',
      '2026-11-22',
      '',
      1_700_000_000_000,
      null,
      `2026-11-22T09:30:00Z${' '.repeat(50)}`,
    ]) {
      await expectInvalid(mine.markRead({ upTo } as never), message);
    }
    await expectInvalid(mine.markRead({} as never), message);
    // An offset is a time too.
    expect(await mine.markRead({ upTo: '2026-11-22T10:30:00+01:00' })).toEqual({ count: 0 });
  });

  it('tells the member’s other tabs: a notifications event for them alone, after the write', async () => {
    t = await makeTestApp();
    const [me, other] = await Promise.all([t.member(), t.member()]);
    const events: LiveEvent[] = [];
    const stop = t.store.subscribe((event) => events.push(event));
    try {
      await t.caller(me.token).notifications.markRead({ upTo: new Date().toISOString() });
      await expect(
        t.caller().notifications.markRead({ upTo: new Date().toISOString() }),
      ).rejects.toMatchObject(invalidToken);
    } finally {
      stop();
    }
    expect(events).toEqual([{ type: 'notifications', memberId: me.id }]);
    expect(other.id).not.toBe(me.id);
  });
});

describe('the unread count', () => {
  it('counts groups, not actors, up to 100, and never a group with nobody left in it', async () => {
    t = await makeTestApp();
    const [me, amara, kenji] = await Promise.all([t.member(), t.member(), t.member()]);
    const { id: postId } = await t.caller(me.token).posts.create({ content: 'liked twice' });
    await t.caller(amara.token).posts.like({ postId });
    await t.caller(kenji.token).posts.like({ postId });
    expect(await unread(t, me)).toBe(1);

    // 150 follow groups, as if followed in 150 different 12-hour spans, written straight into the tables.
    const at = Date.now();
    for (let i = 0; i < 150; i++) {
      await t.sql(
        `insert into notifications (id, recipient_id, kind, group_key, latest_at) values ($1, $2, 'follow', $3, $4)`,
        [`g${i}`, me.id, `follow:${i}`, at - i],
      );
      await t.sql(
        'insert into notification_actors (notification_id, actor_id, created_at) values ($1, $2, $3)',
        [`g${i}`, amara.id, at - i],
      );
    }
    expect(await unread(t, me)).toBe(100);
    await t.sql('delete from notification_actors where notification_id like $1', ['g%']);
    expect(await unread(t, me)).toBe(1);
    expect((await inbox(t, me)).map(gist)).toEqual([
      { kind: 'like', actors: [kenji.username, amara.username], actorCount: 2 },
    ]);
  });
});

describe('the list', () => {
  it('walks 45 notifications newest first in pages of 20, with nothing repeated or skipped', async () => {
    t = await makeTestApp();
    const [author, amara, kenji] = await Promise.all([t.member(), t.member(), t.member()]);
    const posts = await likedPosts(author, amara, 45);
    const list = t.caller(author.token).notifications.list;

    const first = await list({});
    expect(first.items).toHaveLength(20);
    // Something new between two pages goes to the top: the next page neither repeats nor skips.
    await t.caller(kenji.token).follow.follow({ userId: author.id });
    const second = await list({ cursor: first.nextCursor });
    expect(second.items).toHaveLength(20);
    const third = await list({ cursor: second.nextCursor });
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();

    const walked = [...first.items, ...second.items, ...third.items];
    expect(walked.map((view) => view.post!.id)).toEqual([...posts].reverse());
    const times = walked.map((view) => Date.parse(view.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await list({})).items[0]!.kind).toBe('follow');
  });

  it('refuses a cursor it did not give', async () => {
    t = await makeTestApp();
    const list = t.caller((await t.member()).token).notifications.list;
    await expect(list({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That page cursor is not valid. Start again from the first page.',
    });
    expect(await list({})).toEqual({ items: [], nextCursor: null });
  });
});

describe('the REST bridge', () => {
  it('notifies on its likes, comments, mentions and follows, and takes back its dislikes and unfollows', async () => {
    t = await makeTestApp();
    const [author, amara, kenji] = await Promise.all([t.member(), t.member(), t.member()]);
    const { id: postId } = await t.caller(author.token).posts.create({ content: 'over REST' });
    expect((await post(t.app, `/api/posts/like/${postId}`, amara.token)).status).toBe(201);
    const comment = { commentData: `agreed @${kenji.username}` };
    expect((await post(t.app, `/api/comments/add/${postId}`, amara.token, comment)).status).toBe(201);
    expect((await post(t.app, '/api/posts', amara.token, { postData: `hi @${kenji.username}` })).status).toBe(
      201,
    );
    expect((await post(t.app, `/api/users/follow/${author.id}`, amara.token)).status).toBe(200);

    expect((await inbox(t, author)).map((view) => view.kind)).toEqual(['follow', 'comment', 'like']);
    expect((await inbox(t, kenji)).map((view) => [view.kind, view.comment === null])).toEqual([
      ['mention', true],
      ['mention', false],
    ]);

    expect((await post(t.app, `/api/posts/dislike/${postId}`, amara.token)).status).toBe(201);
    expect((await post(t.app, `/api/users/unfollow/${author.id}`, amara.token)).status).toBe(200);
    expect((await inbox(t, author)).map((view) => view.kind)).toEqual(['comment']);
  });
});

describe('refused calls', () => {
  it('need a signed-in member, and change nothing', async () => {
    t = await makeTestApp();
    const [author, amara] = await Promise.all([t.member(), t.member()]);
    const { id: postId } = await t.caller(author.token).posts.create({ content: `hello @${amara.username}` });
    const before = await notificationRows(t);
    const markers = () => t.sql('select id, notifications_read_at from users order by id');
    const markersBefore = await markers();

    for (const token of [undefined, 'not-a-token']) {
      const anon = t.caller(token);
      await expect(anon.notifications.list({})).rejects.toMatchObject(invalidToken);
      await expect(anon.notifications.unreadCount()).rejects.toMatchObject(invalidToken);
      await expect(anon.notifications.markRead({ upTo: new Date().toISOString() })).rejects.toMatchObject(
        invalidToken,
      );
      await expect(anon.posts.like({ postId })).rejects.toMatchObject(invalidToken);
      await expect(anon.comments.add({ postId, text: `@${amara.username}` })).rejects.toMatchObject(
        invalidToken,
      );
      await expect(anon.follow.follow({ userId: author.id })).rejects.toMatchObject(invalidToken);
      expect((await post(t.app, `/api/posts/like/${postId}`, token)).status).toBe(401);
      expect((await post(t.app, `/api/comments/add/${postId}`, token, { commentData: 'hi' })).status).toBe(
        401,
      );
    }
    // Refused by a rule: liking twice.
    await t.caller(amara.token).posts.like({ postId });
    const afterLike = await notificationRows(t);
    await expect(t.caller(amara.token).posts.like({ postId })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await notificationRows(t)).toEqual(afterLike);

    await t.caller(amara.token).posts.dislike({ postId });
    expect(await notificationRows(t)).toEqual(before);
    expect(await markers()).toEqual(markersBefore);
    expect(await unread(t, author)).toBe(0);
    expect(await unread(t, amara)).toBe(1);
  });
});
