import { afterEach, describe, expect, it, vi } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { call } from '../helpers/http.js';
import { enrolTotp } from '../helpers/second-factor.js';
import { softAuthenticator } from '../helpers/soft-authenticator.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Passkeys (docs/security.md, "Passkeys"), with an authenticator written in software that answers as a
// browser would: added with the password again, signing in without a password and standing for a second
// factor; each ceremony's challenge used once, within five minutes; the origin and relying party checked.

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

const origin = 'https://realm.example';
const expired = { message: 'This passkey request has expired. Try again.' };

async function withPasskey(authenticator = softAuthenticator(origin)) {
  const me = await t.member();
  const api = t.caller(me.token);
  const { options, ticket } = await api.passkeys.beginAdd();
  const response = authenticator.create(options);
  const added = await api.passkeys.add({ ticket, name: 'My laptop', password: factoryPassword, response });
  return { me, api, authenticator, added };
}

async function signInWith(authenticator: ReturnType<typeof softAuthenticator>) {
  const { options, ticket } = await t.caller().auth.passkeyOptions();
  return t.caller().auth.passkeyLogin({ ticket, response: authenticator.get(options) });
}

describe('passkeys', () => {
  it('are added with the password, listed by name, and sign in without a password, a second factor too', async () => {
    t = await makeTestApp({ config: { publicOrigin: origin } });
    const me = await t.member();
    const api = t.caller(me.token);
    const authenticator = softAuthenticator(origin);
    const begun = await api.passkeys.beginAdd();
    expect(begun.options.rp).toEqual({ id: 'realm.example', name: 'Realm' });
    expect(begun.options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const response = authenticator.create(begun.options);
    await expect(
      api.passkeys.add({ ticket: begun.ticket, name: 'My laptop', password: 'wrong-password', response }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await api.passkeys.list()).toEqual([]);
    const again = await api.passkeys.beginAdd();
    const added = await api.passkeys.add({
      ticket: again.ticket,
      name: ' My laptop ',
      password: factoryPassword,
      response: authenticator.create(again.options),
    });
    expect(added).toMatchObject({ name: 'My laptop', lastUsedAt: null });
    await enrolTotp(t, me.token);

    const signedIn = await signInWith(authenticator);
    expect(signedIn).toMatchObject({ status: 'active', user: { id: me.id } });
    expect((await t.caller(signedIn.token).users.me()).id).toBe(me.id);
    const [listed] = await api.passkeys.list();
    expect(listed).toEqual({
      id: added.id,
      name: 'My laptop',
      createdAt: expect.any(Number),
      lastUsedAt: expect.any(Number),
    });
    // Only public keys are kept; no answer carries one.
    expect(JSON.stringify(listed)).not.toMatch(/publicKey|counter/);
  });

  it('use each challenge once and for five minutes only', async () => {
    t = await makeTestApp({ config: { publicOrigin: origin } });
    const { authenticator } = await withPasskey();
    const { options, ticket } = await t.caller().auth.passkeyOptions();
    await t.caller().auth.passkeyLogin({ ticket, response: authenticator.get(options) });
    await expect(
      t.caller().auth.passkeyLogin({ ticket, response: authenticator.get(options) }),
    ).rejects.toMatchObject(expired);
    vi.useFakeTimers({ toFake: ['Date'] });
    const late = await t.caller().auth.passkeyOptions();
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    await expect(
      t.caller().auth.passkeyLogin({ ticket: late.ticket, response: authenticator.get(late.options) }),
    ).rejects.toMatchObject(expired);
  });

  it('refuse an answer signed for another origin, and a sign-in ceremony used to add one', async () => {
    t = await makeTestApp({ config: { publicOrigin: origin } });
    const me = await t.member();
    const api = t.caller(me.token);
    const checkFailed = { message: 'The passkey could not be checked.' };
    const elsewhere = softAuthenticator('https://phish.example', 'realm.example');
    const begun = await api.passkeys.beginAdd();
    const made = elsewhere.create(begun.options);
    await expect(
      api.passkeys.add({ ticket: begun.ticket, name: 'x', password: factoryPassword, response: made }),
    ).rejects.toMatchObject(checkFailed);

    const { authenticator } = await withPasskey();
    const options = await t.caller().auth.passkeyOptions();
    const honest = authenticator.get(options.options);
    // The same signature under client data that names another origin: what a phishing page would hold.
    const data = JSON.parse(Buffer.from(honest.response.clientDataJSON, 'base64url').toString());
    const clientDataJSON = Buffer.from(JSON.stringify({ ...data, origin: 'https://phish.example' })).toString(
      'base64url',
    );
    const forged = { ...honest, response: { ...honest.response, clientDataJSON } };
    await expect(
      t.caller().auth.passkeyLogin({ ticket: options.ticket, response: forged }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      ...checkFailed,
    });

    const signIn = await t.caller().auth.passkeyOptions();
    const another = authenticator.create({ challenge: signIn.options.challenge, user: { id: 'eA' } });
    await expect(
      api.passkeys.add({ ticket: signIn.ticket, name: 'x', password: factoryPassword, response: another }),
    ).rejects.toMatchObject(expired);
  });
  it('once removed sign in no more; another member cannot remove one', async () => {
    t = await makeTestApp({ config: { publicOrigin: origin } });
    const { api, authenticator, added } = await withPasskey();
    const other = await t.member();
    await expect(t.caller(other.token).passkeys.remove({ id: added.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await api.passkeys.remove({ id: added.id });
    expect(await api.passkeys.list()).toEqual([]);
    await expect(signInWith(authenticator)).rejects.toMatchObject({
      message: 'The passkey could not be checked.',
    });
  });

  it("take the request's host as relying party without REALM_PUBLIC_URL", async () => {
    t = await makeTestApp();
    const res = await call(t.app, 'POST', '/trpc/auth.passkeyOptions', {
      headers: { host: 'realm.test:8080', 'content-type': 'application/json' },
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data.options).toMatchObject({ rpId: 'realm.test', userVerification: 'required' });
    expect(res.body.result.data.options.allowCredentials ?? []).toEqual([]);
  });
});
