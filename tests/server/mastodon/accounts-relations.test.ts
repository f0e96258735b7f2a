import { afterEach, describe, expect, it } from 'vitest';
import { call, expectCallerChecks, memberWithToken, suspend } from '../../helpers/mastodon-calls.js';
import { z } from 'zod';
import { account, expectEntity, relationship } from '../../mastodon/entities/index.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// Relationships, follow, block and mute, and the lists of accounts with Mastodon's Link pages
// (docs/mastodon-api.md, "Accounts"). Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const relationshipFields = [
  'id',
  'following',
  'showing_reblogs',
  'notifying',
  'followed_by',
  'blocking',
  'blocked_by',
  'muting',
  'muting_notifications',
  'requested',
  'domain_blocking',
  'endorsed',
  'note',
];

const ids = (body: { id: string }[]) => body.map((account) => account.id);

/** The `next` and `prev` addresses of a Link header, as paths. */
function links(header: unknown) {
  const found: Record<string, string> = {};
  for (const [, url, rel] of String(header ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)) {
    const address = new URL(url!);
    found[rel!] = address.pathname + address.search;
  }
  return found;
}

describe('relationships', () => {
  it('tell following, followed_by, blocking, muting and showing_reblogs for each id asked', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t);
    const ada = await t.member();
    const bo = await t.member();
    await t.caller(ada.token).follow.follow({ userId: me.id });
    await t.caller(me.token).follow.follow({ userId: ada.id });
    await t.caller(me.token).relations.mute({ username: bo.username });
    const url = `/api/v1/accounts/relationships?id[]=${ada.id}&id[]=${bo.id}&id[]=nonsense`;
    const { status, body } = await call(t, 'GET', url, me.app);
    expect(status).toBe(200);
    expect(body).toHaveLength(2);
    expectEntity(z.array(relationship), body);
    for (const entity of body) for (const field of relationshipFields) expect(entity).toHaveProperty(field);
    expect(body[0]).toMatchObject({
      id: ada.id,
      following: true,
      followed_by: true,
      showing_reblogs: true,
      muting: false,
    });
    expect(body[1]).toMatchObject({ id: bo.id, following: false, muting: true, muting_notifications: true });
    const one = await call(t, 'GET', `/api/v1/accounts/relationships?id=${ada.id}`, me.app);
    expect(ids(one.body)).toEqual([ada.id]);
    await expectCallerChecks(t, 'GET', url, 'read:accounts');
  });
});

describe('follow and unfollow', () => {
  it('follow answers the Relationship, is idempotent, and reblogs=false hides their boosts', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t);
    const ada = await t.member();
    const first = await call(t, 'POST', `/api/v1/accounts/${ada.id}/follow`, me.app);
    expect(first).toMatchObject({
      status: 200,
      body: { id: ada.id, following: true, showing_reblogs: true },
    });
    const again = await call(t, 'POST', `/api/v1/accounts/${ada.id}/follow`, me.app, { reblogs: false });
    expect(again.body).toMatchObject({ following: true, showing_reblogs: false });
    expect((await t.caller(me.token).users.byUsername({ username: ada.username })).boostsHiddenByMe).toBe(
      true,
    );
    expect((await t.sql('select * from follows')).length).toBe(1);
    const off = await call(t, 'POST', `/api/v1/accounts/${ada.id}/unfollow`, me.app);
    expect(off.body).toMatchObject({ following: false });
    expect((await call(t, 'POST', `/api/v1/accounts/${ada.id}/unfollow`, me.app)).status).toBe(200);
    expect(await t.sql('select * from follows')).toEqual([]);
  });

  it('follow is refused across a block, and for an unknown member', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t);
    const ada = await t.member();
    await t.caller(ada.token).relations.block({ username: me.username });
    expect((await call(t, 'POST', `/api/v1/accounts/${ada.id}/follow`, me.app)).status).toBe(403);
    const missing = await call(
      t,
      'POST',
      '/api/v1/accounts/00000000-0000-4000-8000-000000000000/follow',
      me.app,
    );
    expect(missing).toMatchObject({ status: 404, body: { error: 'Record not found' } });
    await expectCallerChecks(t, 'POST', `/api/v1/accounts/${ada.id}/follow`, 'read');
    await expectCallerChecks(t, 'POST', `/api/v1/accounts/${ada.id}/unfollow`, 'write:blocks');
  });
});

describe('block and mute', () => {
  it('block removes follows both ways, unblock and mute and unmute answer the Relationship, all idempotent', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t);
    const ada = await t.member();
    await t.caller(ada.token).follow.follow({ userId: me.id });
    await call(t, 'POST', `/api/v1/accounts/${ada.id}/follow`, me.app);
    for (let i = 0; i < 2; i++) {
      const blocked = await call(t, 'POST', `/api/v1/accounts/${ada.id}/block`, me.app);
      expect(blocked.body).toMatchObject({ blocking: true, following: false, followed_by: false });
    }
    const theirs = await memberWithToken(t);
    await call(t, 'POST', `/api/v1/accounts/${theirs.id}/block`, me.app);
    const seen = await call(t, 'GET', `/api/v1/accounts/relationships?id[]=${me.id}`, theirs.app);
    expect(seen.body[0]).toMatchObject({ blocked_by: true, blocking: false });
    expect((await call(t, 'POST', `/api/v1/accounts/${ada.id}/unblock`, me.app)).body).toMatchObject({
      blocking: false,
    });
    expect((await call(t, 'POST', `/api/v1/accounts/${ada.id}/unblock`, me.app)).status).toBe(200);
    expect((await call(t, 'POST', `/api/v1/accounts/${ada.id}/mute`, me.app)).body).toMatchObject({
      muting: true,
    });
    expect((await call(t, 'POST', `/api/v1/accounts/${ada.id}/mute`, me.app)).status).toBe(200);
    expect((await call(t, 'POST', `/api/v1/accounts/${ada.id}/unmute`, me.app)).body).toMatchObject({
      muting: false,
    });
    expect((await call(t, 'POST', `/api/v1/accounts/${me.id}/block`, me.app)).status).toBe(400);
    await expectCallerChecks(t, 'POST', `/api/v1/accounts/${ada.id}/block`, 'write:mutes');
    await expectCallerChecks(t, 'POST', `/api/v1/accounts/${ada.id}/mute`, 'write:blocks');
  });
});

describe('lists of accounts', () => {
  it('followers and following page newest first with Link, leaving out whom the reader does not see', async () => {
    t = await makeTestApp();
    const star = await t.member();
    const fans = [];
    for (let i = 0; i < 5; i++) {
      const fan = await t.member();
      await t.caller(fan.token).follow.follow({ userId: star.id });
      fans.push(fan);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const reader = await memberWithToken(t, 'read write follow');
    await call(t, 'POST', `/api/v1/accounts/${fans[3]!.id}/block`, reader.app);
    await suspend(t, fans[1]!.id);
    const visible = [fans[4]!.id, fans[2]!.id, fans[0]!.id];

    const first = await call(t, 'GET', `/api/v1/accounts/${star.id}/followers?limit=2`, reader.app);
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual(visible.slice(0, 2));
    expectEntity(z.array(account), first.body);
    const next = links(first.headers.link);
    expect(next.next).toMatch(/^\/api\/v1\/accounts\/.+\/followers\?limit=2&max_id=/);
    const second = await call(t, 'GET', next.next!, reader.app);
    expect(ids(second.body)).toEqual(visible.slice(2));
    expect(links(second.headers.link).next).toBeUndefined();
    const back = await call(t, 'GET', links(second.headers.link).prev!, reader.app);
    expect(ids(back.body)).toEqual(visible.slice(0, 2));

    // Signed out, only the suspended member is left out.
    expect((await call(t, 'GET', `/api/v1/accounts/${star.id}/followers`)).body).toHaveLength(4);
    const following = await call(t, 'GET', `/api/v1/accounts/${fans[0]!.id}/following`);
    expect(ids(following.body)).toEqual([star.id]);
    expect((await call(t, 'GET', `/api/v1/accounts/${star.id}/followers?max_id=bogus`)).status).toBe(422);
  });

  it('blocks and mutes list whom I blocked and muted, paged', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t);
    const others = [];
    for (let i = 0; i < 3; i++) {
      const other = await t.member();
      await call(t, 'POST', `/api/v1/accounts/${other.id}/block`, me.app);
      others.push(other);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const muted = await t.member();
    await call(t, 'POST', `/api/v1/accounts/${muted.id}/mute`, me.app);
    const page = await call(t, 'GET', '/api/v1/blocks?limit=2', me.app);
    expect(ids(page.body)).toEqual([others[2]!.id, others[1]!.id]);
    const rest = await call(t, 'GET', links(page.headers.link).next!, me.app);
    expect(ids(rest.body)).toEqual([others[0]!.id]);
    expect(ids((await call(t, 'GET', '/api/v1/mutes', me.app)).body)).toEqual([muted.id]);
    await expectCallerChecks(t, 'GET', '/api/v1/blocks', 'read:mutes');
    await expectCallerChecks(t, 'GET', '/api/v1/mutes', 'read:blocks');
  });
});
