import { afterEach, describe, expect, it, vi } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { removeSecondFactor } from '../../src/server/domain/second-factor.js';
import { call, restLogin } from '../helpers/http.js';
import { enrolTotp, totpCode } from '../helpers/second-factor.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Signing in to an account with a second factor (docs/security.md, "Second factors"): the password earns a
// ticket, not a session; the ticket and a code sign in once. Time is moved by the test so that each code
// belongs to a step of its own (a code is refused once its step was used).

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

const step = 30_000;
const wrongCode = (secret: string) => (totpCode(secret) === '123456' ? '654321' : '123456');

async function twoFactorMember(config = {}) {
  t = await makeTestApp({ config });
  vi.useFakeTimers({ toFake: ['Date'] });
  const me = await t.member();
  const enrolled = await enrolTotp(t, me.token);
  vi.setSystemTime(Date.now() + step);
  return { me, ...enrolled };
}

const passwordStep = async (username: string) => {
  const answer = await t.caller().auth.login({ username, password: factoryPassword });
  expect(answer).toEqual({ secondFactorTicket: expect.any(String) });
  return (answer as { secondFactorTicket: string }).secondFactorTicket;
};

describe('auth.login for an account with a second factor', () => {
  it('answers a ticket and no token; the ticket and a code from the app sign in', async () => {
    const { me, secret } = await twoFactorMember();
    const ticket = await passwordStep(me.username);
    const signedIn = await t.caller().auth.secondStep({ ticket, code: totpCode(secret) });
    expect(signedIn).toMatchObject({ status: 'active', user: { id: me.id, username: me.username } });
    expect((await t.caller(signedIn.token).users.me()).id).toBe(me.id);
  });

  it('refuses a code used already, and an older one, and the ticket once it signed in', async () => {
    const { me, secret } = await twoFactorMember();
    const code = totpCode(secret);
    const first = await passwordStep(me.username);
    await t.caller().auth.secondStep({ ticket: first, code });
    const again = await passwordStep(me.username);
    const refused = { code: 'UNAUTHORIZED', message: 'The code is not correct.' };
    await expect(t.caller().auth.secondStep({ ticket: again, code })).rejects.toMatchObject(refused);
    // The code of the step before, still within the ±1 step accepted, but older than the one used.
    const older = totpCode(secret, Date.now() - step);
    await expect(t.caller().auth.secondStep({ ticket: again, code: older })).rejects.toMatchObject(refused);
    vi.setSystemTime(Date.now() + step);
    await expect(t.caller().auth.secondStep({ ticket: first, code: totpCode(secret) })).rejects.toMatchObject(
      {
        message: 'This sign-in has expired. Please enter your password again.',
      },
    );
    // The mistakes did not end the second ticket.
    expect((await t.caller().auth.secondStep({ ticket: again, code: totpCode(secret) })).user.id).toBe(me.id);
  });

  it('takes each recovery code once, with or without its dashes, and counts what is left', async () => {
    const { me, recoveryCodes } = await twoFactorMember();
    const [code] = recoveryCodes;
    const ticket = await passwordStep(me.username);
    await t.caller().auth.secondStep({ ticket, code: code!.replaceAll('-', ' ').toUpperCase() });
    const next = await passwordStep(me.username);
    await expect(t.caller().auth.secondStep({ ticket: next, code: code! })).rejects.toMatchObject({
      message: 'The code is not correct.',
    });
    const { token } = await t.caller().auth.secondStep({ ticket: next, code: recoveryCodes[1]! });
    expect(await t.caller(token).secondFactor.status()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('refuses a ticket after five minutes, after the sessions ended, and one altered', async () => {
    const { me, secret } = await twoFactorMember();
    const expired = { message: 'This sign-in has expired. Please enter your password again.' };
    const late = await passwordStep(me.username);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    await expect(t.caller().auth.secondStep({ ticket: late, code: totpCode(secret) })).rejects.toMatchObject(
      expired,
    );
    const ended = await passwordStep(me.username);
    await t.caller(me.token).account.signOutEverywhere();
    await expect(t.caller().auth.secondStep({ ticket: ended, code: totpCode(secret) })).rejects.toMatchObject(
      expired,
    );
    const altered = `${(await passwordStep(me.username)).slice(0, -2)}AA`;
    await expect(
      t.caller().auth.secondStep({ ticket: altered, code: totpCode(secret) }),
    ).rejects.toMatchObject(expired);
  });

  it('keeps the password checks of settings working: a password change, then an account deletion', async () => {
    const { me } = await twoFactorMember();
    const newPassword = 'a-new-password-2';
    const { token } = await t
      .caller(me.token)
      .account.changePassword({ currentPassword: factoryPassword, newPassword });
    const answer = await t.caller().auth.login({ username: me.username, password: newPassword });
    expect(answer).toEqual({ secondFactorTicket: expect.any(String) });
    await t.caller(token).account.delete({ password: newPassword });
    expect(await t.sql('select * from second_factors')).toEqual([]);
    expect(await t.sql('select * from recovery_codes')).toEqual([]);
  });

  it("asks no code once an admin turned the member's factor off", async () => {
    const { me } = await twoFactorMember();
    expect(await removeSecondFactor(t.store, me.id)).toBe(true);
    const answer = await t.caller().auth.login({ username: me.username, password: factoryPassword });
    expect(answer).toMatchObject({ token: expect.any(String), user: { id: me.id } });
    expect(await removeSecondFactor(t.store, me.id)).toBe(false);
  });
});

describe('POST /api/auth/login for an account with a second factor', () => {
  it('answers 401 telling to sign in on the web, once the password is right; a wrong one is told as before', async () => {
    const { me } = await twoFactorMember();
    const res = await restLogin(t.app, me.username, factoryPassword);
    expect(res).toMatchObject({
      status: 401,
      body: { errors: ['This account uses two-factor authentication. Please sign in on the web.'] },
    });
    expect(JSON.stringify(res.body)).not.toContain('encodedToken');
    const wrong = await restLogin(t.app, me.username, 'wrong-password');
    expect(wrong).toMatchObject({
      status: 401,
      body: { errors: ['The credentials you entered are invalid. Unauthorized access error.'] },
    });
    const other = await t.member();
    expect((await restLogin(t.app, other.username, factoryPassword)).status).toBe(200);
  });
});

describe('the login throttle and second factors', () => {
  it('counts each wrong code as a failed login of the account: after 10, even the right password waits', async () => {
    const { me, secret } = await twoFactorMember({ rateLimit: true });
    const trpc = (path: string, body: unknown) => call(t.app, 'POST', `/trpc/auth.${path}`, { body });
    const login = await trpc('login', { username: me.username, password: factoryPassword });
    const ticket = login.body.result.data.secondFactorTicket as string;
    for (let i = 0; i < 10; i++) {
      const res = await trpc('secondStep', { ticket, code: wrongCode(secret) });
      expect(res.status).toBe(401);
    }
    const throttled = /^Too many failed logins for this account\. Try again in 1[45] minutes\.$/;
    const right = await trpc('secondStep', { ticket, code: totpCode(secret) });
    expect(right.status).toBe(429);
    expect(right.body.error.message).toMatch(throttled);
    const again = await trpc('login', { username: me.username, password: factoryPassword });
    expect(again.status).toBe(429);
    expect((await restLogin(t.app, me.username, factoryPassword)).status).toBe(429);
  });
});
