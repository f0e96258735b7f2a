import { afterEach, describe, expect, it } from 'vitest';
import {
  browserSubscription,
  decryptPush,
  startPushService,
  verifyVapid,
  type BrowserSubscription,
  type PushService,
} from '../helpers/push-service.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Real Web Push requests for what members do: a like, a comment, a mention and a follow reach a push
// service this test runs, signed with the instance's VAPID key and encrypted to the device, which the test
// decrypts to the text a phone would show. What the app's list would not show is not pushed. Both engines.

let t: TestApp;
let pushService: PushService;
afterEach(async () => {
  await t?.close();
  await pushService?.close();
});

const all = { mention: true, comment: true, like: true, follow: true };

async function setUp() {
  pushService = await startPushService();
  t = await makeTestApp({
    config: { push: { allowPrivateEndpoints: true, contact: 'mailto:admin@example.org' } },
  });
  const ana = await t.member({ username: 'ana', firstName: 'Ana', lastName: 'Lima' });
  const ben = await t.member({ username: 'ben', firstName: 'Ben', lastName: 'Okafor' });
  return { ana, ben };
}

/** Ben's phone, subscribed for `kinds`. */
async function phoneOf(member: { token: string }, path = '/push/ben-phone', kinds = all) {
  const device = browserSubscription(pushService.url + path);
  await t.caller(member.token).push.subscribe({ endpoint: device.endpoint, keys: device.keys, kinds });
  return device;
}

async function opened(count: number, device: BrowserSubscription) {
  const request = await pushService.nth(count);
  return JSON.parse(decryptPush(request.body, device)) as unknown;
}

/** Lets deliveries queued by earlier writes finish, then nothing more may arrive. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('Web Push delivery', () => {
  it('sends a like as a signed, encrypted request the device decrypts to "Ana Lima liked your post"', async () => {
    const { ana, ben } = await setUp();
    const phone = await phoneOf(ben);
    const { id } = await t.caller(ben.token).posts.create({ content: 'hello' });
    await t.caller(ana.token).posts.like({ postId: id });

    const request = await pushService.nth(1);
    expect(request.path).toBe('/push/ben-phone');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    const { publicKey, claims } = await verifyVapid(request, pushService.url);
    expect(publicKey).toBe((await t.caller(ben.token).push.publicKey()).publicKey);
    expect(claims.sub).toBe('mailto:admin@example.org');
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
    expect(JSON.parse(decryptPush(request.body, phone))).toEqual({
      title: 'Realm',
      body: 'Ana Lima liked your post',
      url: `/post/${id}`,
    });
  });

  it('sends comments, mentions and follows with their own words and links', async () => {
    const { ana, ben } = await setUp();
    const phone = await phoneOf(ben);
    const { id } = await t.caller(ben.token).posts.create({ content: 'hello' });
    await t.caller(ana.token).comments.add({ postId: id, text: 'nice' });
    expect(await opened(1, phone)).toEqual({
      title: 'Realm',
      body: 'Ana Lima commented on your post',
      url: `/post/${id}`,
    });
    const mention = await t.caller(ana.token).posts.create({ content: 'hi @ben' });
    expect(await opened(2, phone)).toMatchObject({
      body: 'Ana Lima mentioned you',
      url: `/post/${mention.id}`,
    });
    await t.caller(ana.token).follow.follow({ userId: ben.id });
    expect(await opened(3, phone)).toEqual({
      title: 'Realm',
      body: 'Ana Lima followed you',
      url: '/profile/ana',
    });
  });

  it('sends nothing for a muted or blocked member, nor to a member who did it themselves', async () => {
    const { ana, ben } = await setUp();
    const carla = await t.member({ username: 'carla', firstName: 'Carla', lastName: 'Diaz' });
    const phone = await phoneOf(ben);
    const { id } = await t.caller(ben.token).posts.create({ content: 'hello' });
    await t.caller(ben.token).relations.mute({ username: 'ana' });
    await t.caller(ana.token).posts.like({ postId: id }); // allowed, but Ben's list does not show it
    await t.caller(ben.token).relations.block({ username: 'carla' });
    await expect(t.caller(carla.token).posts.like({ postId: id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await t.caller(ben.token).posts.like({ postId: id });
    await t.caller(ben.token).relations.unmute({ username: 'ana' });
    await t.caller(ana.token).follow.follow({ userId: ben.id });
    // The follow after the unmute is the first and only push.
    expect(await opened(1, phone)).toMatchObject({ body: 'Ana Lima followed you' });
    await settle();
    expect(pushService.received).toHaveLength(1);
  });

  it('sends only the kinds the device chose', async () => {
    const { ana, ben } = await setUp();
    const phone = await phoneOf(ben, '/push/ben-phone', { ...all, like: false, comment: false });
    const { id } = await t.caller(ben.token).posts.create({ content: 'hello' });
    await t.caller(ana.token).posts.like({ postId: id });
    await t.caller(ana.token).comments.add({ postId: id, text: 'nice' });
    await t.caller(ana.token).follow.follow({ userId: ben.id });
    expect(await opened(1, phone)).toMatchObject({ body: 'Ana Lima followed you' });
    await settle();
    expect(pushService.received).toHaveLength(1);
  });

  it('sends to each of the member’s devices, and deletes a subscription the push service says is gone', async () => {
    const { ana, ben } = await setUp();
    const phone = await phoneOf(ben, '/push/phone');
    await phoneOf(ben, '/push/old-laptop');
    pushService.answer('/push/old-laptop', 410);
    await t.caller(ana.token).follow.follow({ userId: ben.id });
    const requests = await Promise.all([pushService.nth(1), pushService.nth(2)]);
    expect(requests.map((request) => request.path).sort()).toEqual(['/push/old-laptop', '/push/phone']);
    const toPhone = requests.find((request) => request.path === '/push/phone')!;
    expect(JSON.parse(decryptPush(toPhone.body, phone))).toMatchObject({ body: 'Ana Lima followed you' });
    await expect
      .poll(() => t.sql('select endpoint from push_subscriptions'))
      .toEqual([{ endpoint: phone.endpoint }]);
  });

  it('sends nothing to a suspended member', async () => {
    const { ana, ben } = await setUp();
    await phoneOf(ben);
    await t.sql("update users set status = 'suspended' where id = $1", [ben.id]);
    await t
      .caller(ana.token)
      .follow.follow({ userId: ben.id })
      .catch(() => undefined);
    await settle();
    expect(pushService.received).toHaveLength(0);
  });
});
