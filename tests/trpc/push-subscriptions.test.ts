import { afterEach, describe, expect, it } from 'vitest';
import { endpointRefusals, isPrivateAddress } from '../../src/server/domain/push-endpoints.js';
import { maxDevicesPerMember } from '../../src/server/domain/push-subscriptions.js';
import { expectInvalid } from '../helpers/expect.js';
import { browserSubscription } from '../helpers/push-service.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Turning Web Push on and off for a device through tRPC: what is accepted, what is refused and why,
// including push service addresses that would make the server call its own network. Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const all = { mention: true, comment: true, like: true, follow: true };
const service = 'https://push.example.net/wpush/v2/abc123';

function input(endpoint = service, kinds = all) {
  const { keys } = browserSubscription(endpoint);
  return { endpoint, keys, kinds };
}

describe('push.subscribe and push.unsubscribe', () => {
  it('saves the device with its kinds, changes them, and turns it off', async () => {
    t = await makeTestApp();
    const ana = await t.member();
    const push = t.caller(ana.token).push;
    expect((await push.publicKey()).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await push.device({ endpoint: service })).toBeNull();

    const first = input();
    expect(await push.subscribe(first)).toEqual({ kinds: all });
    expect(await push.device({ endpoint: service })).toEqual({ kinds: all });
    const fewer = { ...all, like: false, follow: false };
    expect(await push.subscribe({ ...first, kinds: fewer })).toEqual({ kinds: fewer });
    expect(await push.device({ endpoint: service })).toEqual({ kinds: fewer });
    expect(await t.sql('select kinds from push_subscriptions')).toEqual([{ kinds: 'mention,comment' }]);

    expect(await push.unsubscribe({ endpoint: service })).toEqual({ removed: true });
    expect(await push.device({ endpoint: service })).toBeNull();
    expect(await t.sql('select endpoint from push_subscriptions')).toEqual([]);
  });

  it('keeps one VAPID key pair for the instance', async () => {
    t = await makeTestApp();
    const [ana, ben] = await Promise.all([t.member(), t.member()]);
    const first = await t.caller(ana.token).push.publicKey();
    expect(await t.caller(ben.token).push.publicKey()).toEqual(first);
    expect(await t.sql("select count(*) as n from instance_secrets where name = 'vapid'")).toEqual([
      { n: 1 },
    ]);
  });

  it("touches only the member's own device, and a browser another member signs in on becomes theirs", async () => {
    t = await makeTestApp();
    const [ana, ben] = await Promise.all([t.member(), t.member()]);
    await t.caller(ana.token).push.subscribe(input());
    expect(await t.caller(ben.token).push.device({ endpoint: service })).toBeNull();
    expect(await t.caller(ben.token).push.unsubscribe({ endpoint: service })).toEqual({ removed: false });
    expect(await t.caller(ana.token).push.device({ endpoint: service })).toEqual({ kinds: all });

    await t.caller(ben.token).push.subscribe(input());
    expect(await t.caller(ana.token).push.device({ endpoint: service })).toBeNull();
    expect(await t.sql('select member_id from push_subscriptions')).toEqual([{ member_id: ben.id }]);
  });

  it(`keeps at most ${maxDevicesPerMember} devices per member, forgetting the oldest`, async () => {
    t = await makeTestApp();
    const ana = await t.member();
    for (let i = 0; i <= maxDevicesPerMember; i++) {
      await t.caller(ana.token).push.subscribe(input(`${service}/${i}`));
    }
    const rows = await t.sql<{ endpoint: string }>(
      'select endpoint from push_subscriptions order by endpoint',
    );
    expect(rows).toHaveLength(maxDevicesPerMember);
    expect(rows.map((row) => row.endpoint)).not.toContain(`${service}/0`);
    expect(rows.map((row) => row.endpoint)).toContain(`${service}/${maxDevicesPerMember}`);
  });

  it('needs a signed-in member', async () => {
    t = await makeTestApp();
    await expect(t.caller().push.subscribe(input())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(t.caller().push.publicKey()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses malformed subscriptions with a message that says what is wrong, saving nothing', async () => {
    t = await makeTestApp();
    const push = t.caller((await t.member()).token).push;
    const good = input();
    await expectInvalid(
      push.subscribe({ ...good, endpoint: 'not a url' }),
      'The push service address is not a URL.',
    );
    await expectInvalid(
      push.subscribe({ ...good, endpoint: `${service}/${'x'.repeat(1000)}` }),
      'The push service address must be at most 1000 characters.',
    );
    await expectInvalid(
      push.subscribe({ ...good, keys: { ...good.keys, p256dh: 'abc' } }),
      "The subscription's p256dh key is too short.",
    );
    await expectInvalid(
      push.subscribe({ ...good, keys: { ...good.keys, auth: 'not base64url!!!!!!!' } }),
      "The subscription's auth key is not base64url.",
    );
    await expectInvalid(
      push.subscribe({ endpoint: service, kinds: all } as never),
      "The subscription's keys are missing.",
    );
    await expectInvalid(
      push.subscribe({ ...good, kinds: { ...all, like: 'yes' } } as never),
      'like must be true or false.',
    );
    expect(await t.sql('select endpoint from push_subscriptions')).toEqual([]);
  });
});

describe('push service addresses (SSRF)', () => {
  it.each([
    ['http://push.example.net/abc', endpointRefusals.notHttps],
    ['ftp://push.example.net/abc', endpointRefusals.notHttps],
    ['https://127.0.0.1/abc', endpointRefusals.notPublic],
    ['https://10.1.2.3/abc', endpointRefusals.notPublic],
    ['https://192.168.1.1:8443/abc', endpointRefusals.notPublic],
    ['https://169.254.169.254/latest/meta-data', endpointRefusals.notPublic],
    ['https://[::1]/abc', endpointRefusals.notPublic],
    ['https://[fe80::1]/abc', endpointRefusals.notPublic],
    ['https://[::ffff:127.0.0.1]/abc', endpointRefusals.notPublic],
    ['https://localhost/abc', endpointRefusals.notPublic],
    ['https://printer.local/abc', endpointRefusals.notPublic],
    ['https://intranet/abc', endpointRefusals.notPublic],
    ['https://user:pass@push.example.net/abc', endpointRefusals.notPublic],
  ])('refuses %s', async (endpoint, message) => {
    t = await makeTestApp();
    const push = t.caller((await t.member()).token).push;
    await expect(push.subscribe(input(endpoint))).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await t.sql('select endpoint from push_subscriptions')).toEqual([]);
  });

  it('accepts public https push services, and private ones only where REALM_PUSH_PRIVATE_ENDPOINTS allows', async () => {
    t = await makeTestApp();
    const push = t.caller((await t.member()).token).push;
    await push.subscribe(input('https://fcm.googleapis.com/fcm/send/abc'));
    await push.subscribe(input('https://203.0.113.9/abc'));
    await t.close();
    t = await makeTestApp({ config: { push: { allowPrivateEndpoints: true, contact: undefined } } });
    const local = t.caller((await t.member()).token).push;
    await local.subscribe(input('http://127.0.0.1:9/abc'));
    expect(await t.sql('select endpoint from push_subscriptions')).toEqual([
      { endpoint: 'http://127.0.0.1:9/abc' },
    ]);
  });

  it('knows which addresses are not on the public internet (checked again as a push connects)', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '142.250.74.110', '2a00:1450:4001::200e']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
