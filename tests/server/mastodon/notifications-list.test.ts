import { afterEach, describe, expect, it } from 'vitest';
import { call, expectCallerChecks, memberWithToken } from '../../helpers/mastodon-calls.js';
import { z } from 'zod';
import { expectEntity, groupedNotificationsResults, notification } from '../../mastodon/entities/index.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// Notifications v1 and v2 through Mastodon's client API (docs/mastodon-api.md, "Notifications"): one per
// Realm group, Mastodon's types, types[] and exclude_types[], pages with Link, and what a block or a mute
// hides. Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const pause = () => new Promise((resolve) => setTimeout(resolve, 3));

/** A member with a post, and others who like it, follow them, comment on it, mention them and boost it. */
async function busyMember() {
  const me = await memberWithToken(t, 'read write follow');
  const post = await t.caller(me.token).posts.create({ content: 'my post' });
  const ada = await t.member({ firstName: 'Ada' });
  const bo = await t.member({ firstName: 'Bo' });
  await t.caller(ada.token).posts.like({ postId: post.id });
  await pause();
  await t.caller(bo.token).posts.like({ postId: post.id });
  await pause();
  await t.caller(ada.token).follow.follow({ userId: me.id });
  await pause();
  await t.caller(bo.token).comments.add({ postId: post.id, text: 'nice post' });
  await pause();
  await t.caller(ada.token).posts.create({ content: `hello @${me.username}` });
  await pause();
  await t.caller(bo.token).posts.boost({ postId: post.id });
  return { me, post, ada, bo };
}

const types = (body: { type: string }[]) => body.map((notification) => notification.type);

function links(header: unknown) {
  const found: Record<string, string> = {};
  for (const [, url, rel] of String(header ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)) {
    const address = new URL(url!);
    found[rel!] = address.pathname + address.search;
  }
  return found;
}

describe('GET /api/v1/notifications', () => {
  it("answers one notification per group, newest first, by its newest actor, in Mastodon's types", async () => {
    t = await makeTestApp();
    const { me, post, ada, bo } = await busyMember();
    const { status, body } = await call(t, 'GET', '/api/v1/notifications', me.app);
    expect(status).toBe(200);
    expectEntity(z.array(notification), body);
    expect(types(body)).toEqual(['reblog', 'mention', 'mention', 'follow', 'favourite']);
    const [reblog, mention, reply, follow, favourite] = body;
    expect(reblog).toMatchObject({ account: { id: bo.id }, status: { content: '<p>my post</p>' } });
    expect(mention).toMatchObject({ account: { id: ada.id } });
    expect(mention.status.content).toContain(`@<span>${me.username}</span>`);
    expect(reply).toMatchObject({ account: { id: bo.id }, status: { content: '<p>nice post</p>' } });
    expect(reply.status.in_reply_to_id).toBe(favourite.status.id);
    expect(follow).toMatchObject({ account: { id: ada.id } });
    expect(follow).not.toHaveProperty('status');
    expect(favourite).toMatchObject({ account: { id: bo.id }, status: { favourites_count: 12 - 10 } });
    for (const notification of body) {
      expect(notification.id).toMatch(/^[0-9A-Z]{10}n[0-9a-f]{32}$/);
      expect(notification.group_key).toMatch(/^[a-z]+-[0-9a-f-]{36}$/);
      expect(Date.parse(notification.created_at)).not.toBeNaN();
    }
    expect(body.map((n: { id: string }) => n.id)).toEqual(
      [...body.map((n: { id: string }) => n.id)].sort().reverse(),
    );
    void post;
  });

  it('filters by types[] and exclude_types[]', async () => {
    t = await makeTestApp();
    const { me } = await busyMember();
    const only = await call(t, 'GET', '/api/v1/notifications?types[]=mention&types[]=follow', me.app);
    expect(types(only.body)).toEqual(['mention', 'mention', 'follow']);
    const without = await call(
      t,
      'GET',
      '/api/v1/notifications?exclude_types[]=mention&exclude_types[]=reblog',
      me.app,
    );
    expect(types(without.body)).toEqual(['follow', 'favourite']);
  });

  it('pages with Link: next below the last, prev above the first, since_id and min_id', async () => {
    t = await makeTestApp();
    const { me } = await busyMember();
    const all = (await call(t, 'GET', '/api/v1/notifications', me.app)).body.map((n: { id: string }) => n.id);
    const first = await call(t, 'GET', '/api/v1/notifications?limit=2', me.app);
    expect(first.body.map((n: { id: string }) => n.id)).toEqual(all.slice(0, 2));
    const second = await call(t, 'GET', links(first.headers.link).next!, me.app);
    expect(second.body.map((n: { id: string }) => n.id)).toEqual(all.slice(2, 4));
    const newer = await call(t, 'GET', `/api/v1/notifications?since_id=${all[2]}`, me.app);
    expect(newer.body.map((n: { id: string }) => n.id)).toEqual(all.slice(0, 2));
    const justAbove = await call(t, 'GET', `/api/v1/notifications?min_id=${all[4]}&limit=2`, me.app);
    expect(justAbove.body.map((n: { id: string }) => n.id)).toEqual(all.slice(2, 4));
    expect((await call(t, 'GET', '/api/v1/notifications?max_id=nonsense', me.app)).status).toBe(422);
  });

  it('leaves out what a block or a mute hides, and a suspended actor', async () => {
    t = await makeTestApp();
    const { me, ada, bo } = await busyMember();
    await call(t, 'POST', `/api/v1/accounts/${ada.id}/block`, me.app);
    const afterBlock = await call(t, 'GET', '/api/v1/notifications', me.app);
    expect(afterBlock.body.every((n: { account: { id: string } }) => n.account.id !== ada.id)).toBe(true);
    await call(t, 'POST', `/api/v1/accounts/${bo.id}/mute`, me.app);
    expect((await call(t, 'GET', '/api/v1/notifications', me.app)).body).toEqual([]);
    await call(t, 'POST', `/api/v1/accounts/${bo.id}/unmute`, me.app);
    await t.sql(`update users set status = 'suspended' where id = $1`, [bo.id]);
    expect((await call(t, 'GET', '/api/v1/notifications', me.app)).body).toEqual([]);
  });

  it('refuses callers without read:notifications', async () => {
    t = await makeTestApp();
    await expectCallerChecks(t, 'GET', '/api/v1/notifications', 'read:statuses');
    await expectCallerChecks(t, 'GET', '/api/v2/notifications', 'write');
    await expectCallerChecks(t, 'GET', '/api/v1/notifications/unread_count', 'read:accounts');
  });
});

describe('one notification, unread count, dismiss and clear', () => {
  it('gets one by id, counts unread, dismisses one and clears all', async () => {
    t = await makeTestApp();
    const { me, ada } = await busyMember();
    const [first, second] = (await call(t, 'GET', '/api/v1/notifications', me.app)).body;
    expect((await call(t, 'GET', `/api/v1/notifications/${first.id}`, me.app)).body).toEqual(first);
    expect((await call(t, 'GET', '/api/v1/notifications/unread_count', me.app)).body).toEqual({ count: 5 });
    expect((await call(t, 'GET', '/api/v2/notifications/unread_count', me.app)).body).toEqual({ count: 5 });
    const other = await memberWithToken(t);
    expect((await call(t, 'GET', `/api/v1/notifications/${first.id}`, other.app)).status).toBe(404);
    expect((await call(t, 'GET', '/api/v1/notifications/nonsense', me.app)).status).toBe(404);

    expect((await call(t, 'POST', `/api/v1/notifications/${first.id}/dismiss`, other.app)).status).toBe(200);
    expect((await call(t, 'GET', `/api/v1/notifications/${first.id}`, me.app)).status).toBe(200);
    expect((await call(t, 'POST', `/api/v1/notifications/${first.id}/dismiss`, me.app)).body).toEqual({});
    expect((await call(t, 'GET', `/api/v1/notifications/${first.id}`, me.app)).status).toBe(404);
    const left = (await call(t, 'GET', '/api/v1/notifications', me.app)).body;
    expect(left[0].id).toBe(second.id);
    expect((await t.caller(me.token).notifications.list({})).items).toHaveLength(4);

    expect((await call(t, 'POST', '/api/v1/notifications/clear', me.app)).body).toEqual({});
    expect((await call(t, 'GET', '/api/v1/notifications', me.app)).body).toEqual([]);
    // A later action makes a new notification.
    await t.caller(ada.token).follow.unfollow({ userId: me.id });
    await t.caller(ada.token).follow.follow({ userId: me.id });
    expect(types((await call(t, 'GET', '/api/v1/notifications', me.app)).body)).toEqual(['follow']);
    await expectCallerChecks(t, 'POST', '/api/v1/notifications/clear', 'read');
    await expectCallerChecks(t, 'POST', `/api/v1/notifications/${first.id}/dismiss`, 'read');
  });
});

describe('GET /api/v2/notifications', () => {
  it('answers the groups with their counts, sample accounts and statuses, each listed once', async () => {
    t = await makeTestApp();
    const { me, ada, bo } = await busyMember();
    const { status, body } = await call(t, 'GET', '/api/v2/notifications', me.app);
    expect(status).toBe(200);
    expectEntity(groupedNotificationsResults, body);
    expect(body.notification_groups.map((group: { type: string }) => group.type)).toEqual([
      'reblog',
      'mention',
      'mention',
      'follow',
      'favourite',
    ]);
    const favourite = body.notification_groups[4];
    expect(favourite).toMatchObject({ notifications_count: 2, sample_account_ids: [bo.id, ada.id] });
    expect(favourite.group_key).toMatch(/^favourite-/);
    expect(favourite.most_recent_notification_id).toBe(favourite.page_max_id);
    expect(Date.parse(favourite.latest_page_notification_at)).not.toBeNaN();
    const statusIds = body.statuses.map((s: { id: string }) => s.id);
    expect(new Set(statusIds).size).toBe(statusIds.length);
    expect(statusIds).toContain(favourite.status_id);
    expect(body.accounts.map((a: { id: string }) => a.id).sort()).toEqual([ada.id, bo.id].sort());
    expect(body.notification_groups[3]).not.toHaveProperty('status_id');

    const one = await call(t, 'GET', `/api/v2/notifications/${favourite.group_key}`, me.app);
    expect(one.body.notification_groups).toEqual([favourite]);
    expect((await call(t, 'GET', '/api/v2/notifications/favourite-nothing', me.app)).status).toBe(404);
    await call(t, 'POST', `/api/v2/notifications/${favourite.group_key}/dismiss`, me.app);
    expect((await call(t, 'GET', `/api/v2/notifications/${favourite.group_key}`, me.app)).status).toBe(404);
  });
});
