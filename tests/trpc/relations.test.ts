import { afterEach, describe, expect, it } from 'vitest';
import { inbox } from '../helpers/notifications.js';
import { everyRow, expectRefusedCall } from '../helpers/relations.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// relations.block, unblock, mute, unmute and list as a member uses them from /settings, and what
// a block does to follows. On both engines.

let t: TestApp;
afterEach(() => t?.close());

const ok = { ok: true };

describe('relations', () => {
  it('lists whom I blocked and whom I muted, most recent first, each with when; unblock and unmute undo them', async () => {
    t = await makeTestApp();
    const [me, ada, bo, cy] = [await t.member(), await t.member(), await t.member(), await t.member()];
    const mine = t.caller(me.token).relations;
    expect(await mine.list()).toEqual({ blocked: [], muted: [] });

    expect(await mine.block({ username: ada.username })).toEqual(ok);
    expect(await mine.mute({ username: bo.username })).toEqual(ok);
    expect(await mine.block({ username: cy.username.toUpperCase() })).toEqual(ok); // as usernames are looked up
    const listed = await mine.list();
    expect(listed.blocked.map((user) => user.username)).toEqual([cy.username, ada.username]);
    expect(listed.muted.map((user) => user.username)).toEqual([bo.username]);
    expect(listed.blocked[0]).toEqual({
      id: cy.id,
      username: cy.username,
      firstName: 'Test',
      lastName: expect.any(String),
      profilePic: '',
      since: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Theirs are their own: nobody blocked or muted anyone in Ada's name.
    expect(await t.caller(ada.token).relations.list()).toEqual({ blocked: [], muted: [] });

    expect(await mine.unblock({ username: ada.username })).toEqual(ok);
    expect(await mine.unmute({ username: bo.username })).toEqual(ok);
    expect(await mine.list()).toMatchObject({ blocked: [{ username: cy.username }], muted: [] });
  });

  it('are idempotent: blocking or muting twice, or undoing what is not there, answers ok and changes nothing', async () => {
    t = await makeTestApp();
    const [me, ada] = [await t.member(), await t.member()];
    const mine = t.caller(me.token).relations;
    await mine.block({ username: ada.username });
    await mine.mute({ username: ada.username });
    const before = await everyRow(t);
    expect(await mine.block({ username: ada.username })).toEqual(ok);
    expect(await mine.mute({ username: ada.username })).toEqual(ok);
    expect(await everyRow(t)).toEqual(before);
    await mine.unblock({ username: ada.username });
    await mine.unmute({ username: ada.username });
    const after = await everyRow(t);
    expect(await mine.unblock({ username: ada.username })).toEqual(ok);
    expect(await mine.unmute({ username: ada.username })).toEqual(ok);
    expect(await everyRow(t)).toEqual(after);
    expect(await mine.list()).toEqual({ blocked: [], muted: [] });
  });

  it('refuse an unknown member (404), myself (400), a bad name and a signed-out caller, changing nothing', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const mine = t.caller(me.token).relations;
    for (const call of [mine.block, mine.unblock, mine.mute, mine.unmute]) {
      await expectRefusedCall(t, () => call({ username: 'nobody-here' }), {
        code: 'NOT_FOUND',
        message: 'User not found',
      });
    }
    for (const [call, message] of [
      [mine.block, 'You cannot block yourself.'],
      [mine.unblock, 'You cannot block yourself.'],
      [mine.mute, 'You cannot mute yourself.'],
      [mine.unmute, 'You cannot mute yourself.'],
    ] as const) {
      await expectRefusedCall(t, () => call({ username: me.username }), { code: 'BAD_REQUEST', message });
    }
    await expectRefusedCall(t, () => mine.block({ username: '' }), {
      code: 'BAD_REQUEST',
      message: expect.any(String) as unknown as string,
    });
    const signedOut = t.caller().relations;
    for (const call of [
      () => signedOut.list(),
      () => signedOut.block({ username: me.username }),
      () => signedOut.mute({ username: me.username }),
    ]) {
      await expectRefusedCall(t, call, {
        code: 'UNAUTHORIZED',
        message: 'The token is invalid. Unauthorized access error.',
      });
    }
  });

  it('a block removes follows both ways as unfollows do (counts, follow notifications); unblocking does not bring them back', async () => {
    t = await makeTestApp();
    const [me, ada, bo] = [await t.member(), await t.member(), await t.member()];
    await t.caller(me.token).follow.follow({ userId: ada.id });
    await t.caller(ada.token).follow.follow({ userId: me.id });
    await t.caller(bo.token).follow.follow({ userId: ada.id });
    await t.caller(me.token).follow.follow({ userId: bo.id });
    const profile = (viewer: typeof me, username: string) =>
      t.caller(viewer.token).users.byUsername({ username });
    expect(await profile(me, ada.username)).toMatchObject({ followerCount: 2, followingCount: 1 });
    expect(await profile(me, me.username)).toMatchObject({ followerCount: 1, followingCount: 2 });
    expect((await inbox(t, me)).map((view) => view.kind)).toEqual(['follow']);

    await t.caller(me.token).relations.block({ username: ada.username });
    // Both follows are gone, the counts moved back, and Ada's follow of me is no longer a notification.
    expect(await profile(me, ada.username)).toMatchObject({
      followerCount: 1,
      followingCount: 0,
      followedByMe: false,
      blockedByMe: true,
    });
    expect(await profile(me, me.username)).toMatchObject({ followerCount: 0, followingCount: 1 });
    expect(await inbox(t, me)).toEqual([]);
    expect(await t.sql('select * from notification_actors where actor_id = $1', [ada.id])).toEqual([]);
    // Bo's follow of Ada and mine of Bo stay.
    expect(await profile(bo, bo.username)).toMatchObject({ followingCount: 1, followerCount: 1 });

    await t.caller(me.token).relations.unblock({ username: ada.username });
    expect(await profile(me, ada.username)).toMatchObject({
      followerCount: 1,
      followingCount: 0,
      followedByMe: false,
      blockedByMe: false,
    });
    // Following again is a new follow, as any.
    await t.caller(me.token).follow.follow({ userId: ada.id });
    expect(await profile(me, ada.username)).toMatchObject({ followerCount: 2, followedByMe: true });
  });

  it('a mute leaves follows as they are', async () => {
    t = await makeTestApp();
    const [me, ada] = [await t.member(), await t.member()];
    await t.caller(me.token).follow.follow({ userId: ada.id });
    await t.caller(ada.token).follow.follow({ userId: me.id });
    await t.caller(me.token).relations.mute({ username: ada.username });
    expect(await t.caller(me.token).users.byUsername({ username: ada.username })).toMatchObject({
      followerCount: 1,
      followingCount: 1,
      followedByMe: true,
      mutedByMe: true,
      blockedByMe: false,
    });
  });

  it('a profile says whether I blocked or muted its member, to me alone', async () => {
    t = await makeTestApp();
    const [me, ada, bo] = [await t.member(), await t.member(), await t.member()];
    await t.caller(me.token).relations.block({ username: ada.username });
    await t.caller(me.token).relations.mute({ username: bo.username });
    const seen = async (viewer: typeof me | null, username: string) => {
      const profile = await t.caller(viewer?.token).users.byUsername({ username });
      return { blockedByMe: profile.blockedByMe, mutedByMe: profile.mutedByMe };
    };
    expect(await seen(me, ada.username)).toEqual({ blockedByMe: true, mutedByMe: false });
    expect(await seen(me, bo.username)).toEqual({ blockedByMe: false, mutedByMe: true });
    // Ada, blocked, and Bo, muted, see nothing of it; nor does anyone else.
    expect(await seen(ada, me.username)).toEqual({ blockedByMe: false, mutedByMe: false });
    expect(await seen(bo, me.username)).toEqual({ blockedByMe: false, mutedByMe: false });
    expect(await seen(null, ada.username)).toEqual({ blockedByMe: false, mutedByMe: false });
    expect(await t.caller(me.token).users.me()).toMatchObject({ blockedByMe: false, mutedByMe: false });
  });
});
