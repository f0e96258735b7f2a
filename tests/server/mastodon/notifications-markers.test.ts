import { afterEach, describe, expect, it } from 'vitest';
import { call, expectCallerChecks, memberWithToken } from '../../helpers/mastodon-calls.js';
import { expectEntity, markers, preferences, report } from '../../mastodon/entities/index.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// Markers (the notifications read marker the web app's bell moves), preferences and reports through
// Mastodon's client API (docs/mastodon-api.md, "Notifications", "Accounts"). Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

describe('markers', () => {
  it("answers the notifications marker as the web app's read marker, and moves it", async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t);
    const ada = await t.member();
    expect((await call(t, 'GET', '/api/v1/markers?timeline[]=notifications', me.app)).body).toEqual({});
    await t.caller(ada.token).follow.follow({ userId: me.id });
    await new Promise((resolve) => setTimeout(resolve, 3));
    const bo = await t.member();
    const post = await t.caller(me.token).posts.create({ content: 'mine' });
    await t.caller(bo.token).posts.like({ postId: post.id });
    const [newest, older] = (await call(t, 'GET', '/api/v1/notifications', me.app)).body;
    expect((await call(t, 'GET', '/api/v1/notifications/unread_count', me.app)).body).toEqual({ count: 2 });

    const saved = await call(t, 'POST', '/api/v1/markers', me.app, {
      notifications: { last_read_id: older.id },
    });
    expect(saved.status).toBe(200);
    expectEntity(markers, saved.body);
    const marker = saved.body.notifications;
    expect(marker).toMatchObject({ version: expect.any(Number), updated_at: older.created_at });
    expect(marker.last_read_id >= older.id && marker.last_read_id < newest.id).toBe(true);
    expect((await call(t, 'GET', '/api/v1/notifications/unread_count', me.app)).body).toEqual({ count: 1 });
    expect((await t.caller(me.token).notifications.unreadCount()).count).toBe(1);
    const read = await call(t, 'GET', '/api/v1/markers?timeline[]=home&timeline[]=notifications', me.app);
    expect(read.body).toEqual({ notifications: marker });

    // As a form, and never back.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/markers',
      headers: { authorization: `Bearer ${me.app}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `notifications[last_read_id]=${newest.id}&home[last_read_id]=whatever`,
    });
    expect(form.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/v1/notifications/unread_count', me.app)).body).toEqual({ count: 0 });
    await call(t, 'POST', '/api/v1/markers', me.app, { notifications: { last_read_id: older.id } });
    expect((await call(t, 'GET', '/api/v1/notifications/unread_count', me.app)).body).toEqual({ count: 0 });

    const home = await call(t, 'POST', '/api/v1/markers', me.app, { home: { last_read_id: 'anything' } });
    expect(home).toMatchObject({ status: 200, body: {} });
    const bad = await call(t, 'POST', '/api/v1/markers', me.app, { notifications: { last_read_id: 'nope' } });
    expect(bad.status).toBe(422);
    await expectCallerChecks(t, 'GET', '/api/v1/markers', 'read:notifications');
    await expectCallerChecks(t, 'POST', '/api/v1/markers', 'read', {
      notifications: { last_read_id: older.id },
    });
  });
});

describe('preferences', () => {
  it("answers Realm's defaults: public, not sensitive", async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read:accounts');
    expectEntity(preferences, (await call(t, 'GET', '/api/v1/preferences', me.app)).body);
    expect((await call(t, 'GET', '/api/v1/preferences', me.app)).body).toEqual({
      'posting:default:visibility': 'public',
      'posting:default:sensitive': false,
      'posting:default:language': null,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    });
    await expectCallerChecks(t, 'GET', '/api/v1/preferences', 'read:statuses');
  });
});

describe('reports', () => {
  it('reports a member, or each status, into the moderators’ queue, and answers the Report', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read write');
    const ada = await t.member();
    const post = await t.caller(ada.token).posts.create({ content: 'spammy' });
    const member = await call(t, 'POST', '/api/v1/reports', me.app, {
      account_id: ada.id,
      comment: 'Not nice',
      category: 'violation',
      rule_ids: ['2'],
    });
    expect(member.status).toBe(200);
    expectEntity(report, member.body);
    expect(member.body).toMatchObject({
      action_taken: false,
      category: 'violation',
      comment: 'Not nice',
      status_ids: [],
      rule_ids: ['2'],
      target_account: { id: ada.id },
    });
    const statusId = (await call(t, 'GET', `/api/v1/accounts/${ada.id}/statuses`, me.app)).body[0]?.id;
    expect(statusId).toBeDefined();
    const ofStatus = await call(t, 'POST', '/api/v1/reports', me.app, {
      account_id: ada.id,
      status_ids: [statusId],
      category: 'spam',
    });
    expect(ofStatus.body).toMatchObject({ status_ids: [statusId], category: 'spam' });
    const rows = await t.sql<{ target_kind: string; reason: string; note: string; post_id: string | null }>(
      'select target_kind, reason, note, post_id from reports order by created_at',
    );
    expect(rows).toEqual([
      { target_kind: 'member', reason: 'other', note: 'Breaks rule 2. Not nice', post_id: null },
      { target_kind: 'post', reason: 'spam', note: '', post_id: post.id },
    ]);
    const missing = await call(t, 'POST', '/api/v1/reports', me.app, {
      account_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
    expect((await call(t, 'POST', '/api/v1/reports', me.app, {})).status).toBe(422);
    await expectCallerChecks(t, 'POST', '/api/v1/reports', 'read', { account_id: ada.id });
  });
});
