import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { messages } from '../../src/server/domain/errors.js';
import { call, restLogin, type ApiResponse } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The current-password checks of account.changePassword and account.delete count toward the same per-account
// throttle as login (10 failures in 15 minutes, then 429 with Retry-After), so that a stolen token cannot
// guess the password there. REST has neither a password change nor an account deletion: tRPC is their only
// door. The app runs with its rate limits on, through HTTP as a client calls it.

let t: TestApp;
afterEach(() => t?.close());

const newPassword = 'a-brand-new-password';
const throttled = /^Too many failed logins for this account\. Try again in 1[45] minutes\.$/;

const changePassword = (token: string, currentPassword: string) =>
  call(t.app, 'POST', '/trpc/account.changePassword', { token, body: { currentPassword, newPassword } });
const deleteAccount = (token: string, password: string) =>
  call(t.app, 'POST', '/trpc/account.delete', { token, body: { password } });
const trpcLogin = (username: string, password: string) =>
  call(t.app, 'POST', '/trpc/auth.login', { body: { username, password } });

const passwordHashOf = async (id: string) =>
  (await t.sql<{ password_hash: string }>('select password_hash from users where id = $1', [id]))[0]
    ?.password_hash;

function expectThrottled(res: ApiResponse) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({
    message: expect.stringMatching(throttled),
    data: { code: 'TOO_MANY_REQUESTS' },
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
}

function expectForbidden(res: ApiResponse, message: string) {
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({ message, data: { code: 'FORBIDDEN' } });
}

describe('account.changePassword and the per-account throttle', () => {
  it('refuses the 11th check with 429 after 10 wrong current passwords, the right one too, and changes nothing', async () => {
    t = await makeTestApp({ config: { rateLimit: true } });
    const me = await t.member();
    const other = await t.member();
    const hash = await passwordHashOf(me.id);
    for (let i = 0; i < 10; i++) {
      expectForbidden(await changePassword(me.token, `guess-${i}`), messages.wrongCurrentPassword);
    }
    expectThrottled(await changePassword(me.token, factoryPassword));
    // Nothing changed: the same hash, and the token still works (a change would have ended it).
    expect(await passwordHashOf(me.id)).toBe(hash);
    expect((await call(t.app, 'GET', '/trpc/account.me', { token: me.token })).status).toBe(200);
    // Another account is not affected.
    const theirs = await changePassword(other.token, factoryPassword);
    expect(theirs.status).toBe(200);
  });

  it('counts toward login: after 10 wrong current passwords, the account’s logins are throttled on both doors', async () => {
    t = await makeTestApp({ config: { rateLimit: true } });
    const me = await t.member();
    for (let i = 0; i < 10; i++) await changePassword(me.token, `guess-${i}`);
    const rest = await restLogin(t.app, me.username, factoryPassword);
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ errors: [expect.stringMatching(throttled)] });
    expect(Number(rest.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expectThrottled(await trpcLogin(me.username, factoryPassword));
  });

  it('is counted by failed logins: 10 wrong logins throttle the current-password check', async () => {
    t = await makeTestApp({ config: { rateLimit: true } });
    const me = await t.member();
    for (let i = 0; i < 5; i++) expect((await restLogin(t.app, me.username, `guess-${i}`)).status).toBe(401);
    for (let i = 5; i < 10; i++) {
      expectForbidden(await changePassword(me.token, `guess-${i}`), messages.wrongCurrentPassword);
    }
    expectThrottled(await changePassword(me.token, factoryPassword));
    expectThrottled(await deleteAccount(me.token, factoryPassword));
  });
});

describe('account.delete and the per-account throttle', () => {
  it('refuses the 11th check with 429 after 10 wrong passwords, the right one too, and the account stays', async () => {
    t = await makeTestApp({ config: { rateLimit: true } });
    const me = await t.member();
    for (let i = 0; i < 10; i++) {
      expectForbidden(await deleteAccount(me.token, `guess-${i}`), messages.wrongPasswordForDelete);
    }
    expectThrottled(await deleteAccount(me.token, factoryPassword));
    expect(await t.sql('select id from users where id = $1', [me.id])).toEqual([{ id: me.id }]);
    expect((await call(t.app, 'GET', '/trpc/account.me', { token: me.token })).status).toBe(200);
    expectThrottled(await trpcLogin(me.username, factoryPassword));
  });
});
