import { afterEach, describe, expect, it } from 'vitest';
import type { AppPushPayload } from '../../../src/server/mastodon/push/deliver.js';
import { appMember, suspend, type AppMember } from '../../helpers/mastodon-api.js';
import {
  browserSubscription,
  decryptAesgcm,
  decryptPush,
  startPushService,
  type BrowserSubscription,
  type PushService,
} from '../../helpers/push-service.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { expectEntity, webPushSubscription } from '../../mastodon/entities/index.js';

// Web Push through the Mastodon client API (docs/mastodon-api.md, "Push"): an app subscribes its push relay
// for its token, and a member's notifications arrive there as Mastodon's encrypted push messages, in the
// encoding the app asked for. A push service this test runs takes them; the test decrypts them as an app's
// notification extension would. Both engines.

let t: TestApp;
let pushService: PushService;
afterEach(async () => {
  await t?.close();
  await pushService?.close();
});

async function setUp() {
  pushService = await startPushService();
  t = await makeTestApp({
    config: { push: { allowPrivateEndpoints: true, contact: 'mailto:admin@example.org' } },
  });
}

/** Subscribes the member's app on `path` of the push service; `standard` asks for RFC 8291's encoding. */
async function subscribe(
  member: AppMember,
  path: string,
  options: { standard?: boolean; alerts?: Record<string, boolean>; policy?: string } = {},
) {
  const device = browserSubscription(pushService.url + path);
  const res = await member.post('/api/v1/push/subscription', {
    subscription: { endpoint: device.endpoint, keys: device.keys, standard: options.standard ?? false },
    data: {
      alerts: options.alerts ?? { mention: true, favourite: true, reblog: true, follow: true },
      policy: options.policy,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { device, entity: expectEntity(webPushSubscription, res.json()) };
}

async function opened(count: number, device: BrowserSubscription, standard = false): Promise<AppPushPayload> {
  const request = await pushService.nth(count);
  const text = standard ? decryptPush(request.body, device) : decryptAesgcm(request, device);
  return JSON.parse(text) as AppPushPayload;
}

/** Lets deliveries queued by earlier writes finish, so that none can arrive after. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the push subscription', () => {
  it('is the token’s own: created, read, changed, replaced and deleted; a wrong body changes nothing', async () => {
    await setUp();
    const ben = await appMember(t);
    expect((await ben.get('/api/v1/push/subscription')).statusCode).toBe(404);
    const { device, entity } = await subscribe(ben, '/ben', { alerts: { mention: true, favourite: true } });
    const instance = (await ben.get('/api/v2/instance')).json<{
      configuration: { vapid: { public_key: string } };
    }>();
    expect(entity).toMatchObject({
      endpoint: device.endpoint,
      standard: false,
      policy: 'all',
      server_key: instance.configuration.vapid.public_key,
      alerts: {
        mention: true,
        favourite: true,
        reblog: false,
        follow: false,
        poll: false,
        'admin.sign_up': false,
      },
    });
    expect(expectEntity(webPushSubscription, (await ben.get('/api/v1/push/subscription')).json())).toEqual(
      entity,
    );

    const changed = await ben.put('/api/v1/push/subscription', {
      data: { alerts: { follow: true }, policy: 'followed' },
    });
    expect(changed.json()).toMatchObject({
      endpoint: device.endpoint,
      policy: 'followed',
      alerts: { follow: true, mention: false },
    });

    // Another app's token of the same member has none of its own.
    const other = await appMember(t);
    expect((await other.get('/api/v1/push/subscription')).statusCode).toBe(404);

    for (const [body, message] of [
      [{}, 'subscription is missing'],
      [{ subscription: { endpoint: 'not a url', keys: device.keys } }, 'subscription[endpoint] is not a URL'],
      [
        { subscription: { endpoint: device.endpoint, keys: { ...device.keys, auth: 'AAAA' } } },
        'must be 16 bytes',
      ],
      [
        { subscription: { endpoint: device.endpoint, keys: device.keys }, data: { policy: 'friends' } },
        'policy',
      ],
    ] as const) {
      const res = await ben.post('/api/v1/push/subscription', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ error: string }>().error).toContain(message);
    }
    expect((await ben.get('/api/v1/push/subscription')).json()).toMatchObject({ policy: 'followed' });

    const replaced = await subscribe(ben, '/ben-new', { standard: true });
    expect(replaced.entity).toMatchObject({
      endpoint: `${pushService.url}/ben-new`,
      standard: true,
      policy: 'all',
    });
    expect(await t.sql('select count(*) as n from app_push_subscriptions')).toEqual([{ n: 1 }]);

    expect((await ben.del('/api/v1/push/subscription')).json()).toEqual({});
    expect((await ben.get('/api/v1/push/subscription')).statusCode).toBe(404);
    expect((await ben.del('/api/v1/push/subscription')).statusCode).toBe(200);
  });

  it('asks for a member’s token with the push scope', async () => {
    await setUp();
    const device = browserSubscription(`${pushService.url}/x`);
    const body = { subscription: { endpoint: device.endpoint, keys: device.keys } };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/push/subscription', payload: body });
    expect(anonymous.statusCode).toBe(401);
    const reader = await appMember(t, 'read write follow');
    expect((await reader.post('/api/v1/push/subscription', body)).statusCode).toBe(403);
    const suspended = await appMember(t);
    await suspend(t, suspended.id);
    expect((await suspended.get('/api/v1/push/subscription')).statusCode).toBe(403);
  });

  it('refuses a push service on a private address unless the instance allows it', async () => {
    pushService = await startPushService();
    t = await makeTestApp();
    const ben = await appMember(t);
    const device = browserSubscription(`${pushService.url}/ben`);
    const res = await ben.post('/api/v1/push/subscription', {
      subscription: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(res.statusCode).toBe(422);
    expect(await t.sql('select count(*) as n from app_push_subscriptions')).toEqual([{ n: 0 }]);
  });

  it('keeps the token sealed, never as it is', async () => {
    await setUp();
    const ben = await appMember(t);
    await subscribe(ben, '/ben');
    const [row] = await t.sql<{ sealed_token: string }>('select sealed_token from app_push_subscriptions');
    const token = ben.bearer.slice('Bearer '.length);
    expect(row!.sealed_token).not.toContain(token);
    expect(Buffer.from(row!.sealed_token.replaceAll('.', ''), 'base64url').includes(token)).toBe(false);
  });
});

describe('pushes to apps', () => {
  it('sends a like as Mastodon’s message, in the draft encoding: its token, type, and a notification the API finds', async () => {
    await setUp();
    const ben = await appMember(t, undefined, { firstName: 'Ben', lastName: 'Okafor' });
    const ana = await appMember(t, undefined, { firstName: 'Ana', lastName: 'Lima' });
    const { device } = await subscribe(ben, '/ben');
    const { id } = await t.caller(ben.token).posts.create({ content: 'My   first\npost on Realm' });
    await t.caller(ana.token).posts.like({ postId: id });

    const payload = await opened(1, device);
    expect(payload).toMatchObject({
      access_token: ben.bearer.slice('Bearer '.length),
      preferred_locale: 'en',
      notification_type: 'favourite',
      title: 'Ana Lima liked your post',
      body: 'My first post on Realm',
    });
    expect(payload.icon).toMatch(/\/pictures\/missing-avatar\.png$|^https?:/);
    expect(pushService.received[0]!.headers['content-encoding']).toBe('aesgcm');
    const notification = await ben.get(`/api/v1/notifications/${payload.notification_id}`);
    expect(notification.statusCode).toBe(200);
    expect(notification.json()).toMatchObject({ type: 'favourite', account: { id: ana.id } });
  });

  it('sends follows, mentions and boosts in RFC 8291’s encoding to a standard subscription', async () => {
    await setUp();
    const ben = await appMember(t);
    const ana = await appMember(t);
    const { device } = await subscribe(ben, '/ben', { standard: true });
    await t.caller(ana.token).follow.follow({ userId: ben.id });
    const { id } = await t.caller(ben.token).posts.create({ content: 'boost me' });
    await t.caller(ana.token).posts.boost({ postId: id });
    await t.caller(ana.token).posts.create({ content: `hello @${ben.username}` });
    const types = [];
    for (let i = 1; i <= 3; i++) types.push((await opened(i, device, true)).notification_type);
    expect(types.sort()).toEqual(['follow', 'mention', 'reblog']);
    expect(pushService.received[0]!.headers['content-encoding']).toBe('aes128gcm');
  });

  it('sends only the alerts asked for, within the policy, never from a muted member', async () => {
    await setUp();
    const ben = await appMember(t);
    const [friend, other, stranger, muted] = [
      await appMember(t),
      await appMember(t),
      await appMember(t),
      await appMember(t),
    ];
    const { device } = await subscribe(ben, '/ben', { alerts: { favourite: true }, policy: 'followed' });
    for (const m of [friend, other, muted]) await t.caller(ben.token).follow.follow({ userId: m.id });
    await t.caller(ben.token).relations.mute({ username: muted.username });
    const { id } = await t.caller(ben.token).posts.create({ content: 'like me' });
    await t.caller(stranger.token).posts.like({ postId: id }); // not followed: outside the policy
    await t.caller(muted.token).posts.like({ postId: id }); // muted: no notification to push
    await t.caller(friend.token).follow.follow({ userId: ben.id }); // follows are not asked for
    await t.caller(friend.token).posts.like({ postId: id });
    expect((await opened(1, device)).notification_type).toBe('favourite');
    await settle();
    expect(pushService.received).toHaveLength(1);

    await ben.put('/api/v1/push/subscription', { data: { policy: 'none' } });
    await t.caller(other.token).posts.like({ postId: id });
    await settle();
    expect(pushService.received).toHaveLength(1);
  });

  it('ends with the token: revoked in settings, or every session ended, nothing more is pushed', async () => {
    await setUp();
    const [ben, cy, ana] = [await appMember(t), await appMember(t), await appMember(t)];
    await subscribe(ben, '/ben');
    await subscribe(cy, '/cy');
    const [app] = await t.caller(ben.token).oauth.apps();
    await t.caller(ben.token).oauth.revokeApp({ appId: app!.appId });
    expect(await t.sql('select count(*) as n from app_push_subscriptions')).toEqual([{ n: 1 }]);
    const posts = [
      await t.caller(ben.token).posts.create({ content: 'ben' }),
      await t.caller(cy.token).posts.create({ content: 'cy' }),
    ];
    await t.caller(cy.token).account.signOutEverywhere();
    for (const post of posts) await t.caller(ana.token).posts.like({ postId: post.id });
    await settle();
    expect(pushService.received).toHaveLength(0);
  });
});
