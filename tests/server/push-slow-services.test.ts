import { afterEach, describe, expect, it } from 'vitest';
import { appToken } from '../helpers/mastodon-token.js';
import {
  browserSubscription,
  decryptPush,
  startPushService,
  type PushService,
} from '../helpers/push-service.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A push service that answers a byte a second, or never starts its answer, holds a push request only until
// its deadline (docs/security.md, Web Push), and only its own few: another member's push to a healthy push
// service goes out meanwhile. Browser subscriptions and an app's (the Mastodon client API) alike. The
// deadlines are shortened so the test takes seconds. Both engines.

let t: TestApp;
const services: PushService[] = [];
afterEach(async () => {
  await t?.close();
  await Promise.all(services.splice(0).map((service) => service.close()));
});

const deadlines = { connectMs: 500, firstByteMs: 500, totalMs: 1500 };
const all = { mention: true, comment: true, like: true, follow: true };

async function service(options: Parameters<typeof startPushService>[0] = {}) {
  const started = await startPushService(options);
  services.push(started);
  return started;
}

async function setUp() {
  t = await makeTestApp({
    config: { push: { allowPrivateEndpoints: true, contact: 'mailto:admin@example.org' } },
    pushSending: { timeouts: deadlines },
  });
  return { ana: await t.member({ username: 'ana', firstName: 'Ana', lastName: 'Lima' }) };
}

/** A member with `devices` browser subscriptions on `pushService`, and a post of theirs. */
async function subscribed(pushService: PushService, devices: number) {
  const member = await t.member();
  for (let i = 0; i < devices; i++) {
    const device = browserSubscription(`${pushService.url}/${member.username}/${i}`);
    await t.caller(member.token).push.subscribe({ endpoint: device.endpoint, keys: device.keys, kinds: all });
  }
  const { id } = await t.caller(member.token).posts.create({ content: 'hello' });
  return { ...member, postId: id };
}

describe('slow push services', () => {
  it('are cut at the whole deadline while a healthy push service gets its push promptly', async () => {
    const { ana } = await setUp();
    const trickling = [
      await service({ stall: 'trickle', everyMs: 1000 }),
      await service({ stall: 'trickle' }),
    ];
    const healthy = await service();
    // Two members on trickling services, each with several devices, each liked several times.
    const ben = await subscribed(trickling[0]!, 3);
    // Carla's apps: an app subscribes once per token, so one token for each.
    const carla = await t.member();
    for (let i = 0; i < 3; i++) {
      const device = browserSubscription(`${trickling[1]!.url}/carla/${i}`);
      const bearer = `Bearer ${await appToken(t.app, carla.token, 'read write follow push')}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscription',
        headers: { authorization: bearer },
        payload: {
          subscription: { endpoint: device.endpoint, keys: device.keys, standard: true },
          data: { alerts: { favourite: true, follow: true }, policy: 'all' },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { id: carlaPost } = await t.caller(carla.token).posts.create({ content: 'hi' });
    await t.caller(ana.token).posts.like({ postId: ben.postId });
    await t.caller(ana.token).posts.like({ postId: carlaPost });
    await t.caller(ana.token).follow.follow({ userId: ben.id });
    await t.caller(ana.token).follow.follow({ userId: carla.id });
    await Promise.all(trickling.map((slow) => slow.nth(2)));

    const dan = await t.member({ username: 'dan' });
    const phone = browserSubscription(`${healthy.url}/dan-phone`);
    await t.caller(dan.token).push.subscribe({ endpoint: phone.endpoint, keys: phone.keys, kinds: all });
    const sent = Date.now();
    await t.caller(ana.token).follow.follow({ userId: dan.id });
    const request = await healthy.nth(1, 1000);
    expect(Date.now() - sent).toBeLessThan(deadlines.totalMs);
    expect(JSON.parse(decryptPush(request.body, phone))).toMatchObject({ body: 'Ana Lima followed you' });

    // The trickling answers were cut at the whole deadline, not held while their bytes kept coming.
    await expect.poll(() => trickling.every((slow) => slow.cut.length >= 2), { timeout: 3000 }).toBe(true);
    for (const held of trickling.flatMap((slow) => slow.cut)) {
      expect(held).toBeGreaterThanOrEqual(deadlines.totalMs - 100);
      expect(held).toBeLessThan(deadlines.totalMs + 700);
    }
  });

  it('cut a push service that never starts its answer at the first byte’s deadline', async () => {
    const { ana } = await setUp();
    const silent = await service({ stall: 'silent' });
    const ben = await subscribed(silent, 1);
    await t.caller(ana.token).posts.like({ postId: ben.postId });
    await expect.poll(() => silent.cut.length, { timeout: 2000 }).toBe(1);
    expect(silent.cut[0]).toBeGreaterThanOrEqual(deadlines.firstByteMs - 100);
    expect(silent.cut[0]).toBeLessThan(deadlines.totalMs);
  });
});
