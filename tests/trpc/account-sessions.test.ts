import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { messages } from '../../src/server/domain/errors.js';
import { expectRefusedCall } from '../helpers/accounts.js';
import { get, restLogin } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { session } from '../helpers/session.js';

// Account settings: account.me, a password change that ends every other session, and signing out
// everywhere; tokens stop working on tRPC and REST alike.

let t: TestApp;
afterEach(() => t?.close());

const newPassword = 'a-brand-new-password';
const invalidToken = 'The token is invalid. Unauthorized access error.';

/** Whether a token still works: on tRPC (users.me) and on REST (a read that needs it). */
async function works(token: string) {
  const trpc = await t
    .caller(token)
    .users.me()
    .then(
      () => 'ok',
      (error: { code?: string }) => error.code,
    );
  const rest = await get(t.app, '/api/users/bookmark', token);
  return { trpc, rest: rest.status === 200 ? 'ok' : rest.body };
}
const refused = { trpc: 'UNAUTHORIZED', rest: { errors: [invalidToken] } };

describe('account.me', () => {
  it('answers who I am, my role and that I am active; never a hash', async () => {
    t = await makeTestApp();
    const moderator = await t.member({ role: 'moderator' });
    const me = await t.caller(moderator.token).account.me();
    expect(me).toEqual({
      id: moderator.id,
      username: moderator.username,
      firstName: 'Test',
      lastName: expect.any(String),
      profilePic: expect.any(String),
      role: 'moderator',
      status: 'active',
      email: null,
      handleChangesLeft: 0,
    });
  });

  it('refuses a suspended member with 403 and anyone without a token with UNAUTHORIZED', async () => {
    t = await makeTestApp();
    const suspended = await t.member({ status: 'suspended' });
    await expect(t.caller(suspended.token).account.me()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.suspended,
    });
    await expect(t.caller().account.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('account.changePassword', () => {
  it('needs the current password: a wrong one is refused and changes nothing', async () => {
    t = await makeTestApp();
    const me = await t.member();
    await expectRefusedCall(
      t,
      () => t.caller(me.token).account.changePassword({ currentPassword: 'not-it-at-all', newPassword }),
      'FORBIDDEN',
      messages.wrongCurrentPassword,
    );
    await expectRefusedCall(
      t,
      () =>
        t.caller(me.token).account.changePassword({ currentPassword: factoryPassword, newPassword: 'short' }),
      'BAD_REQUEST',
      'Password must be 8 to 128 characters.',
    );
    expect(await works(me.token)).toEqual({ trpc: 'ok', rest: 'ok' });
  });

  it('ends every other session on tRPC and REST, answers a new token that works, and swaps the passwords', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const other = session(await t.caller().auth.login({ username: me.username, password: factoryPassword }));
    const bystander = await t.member();

    const { token } = await t.caller(me.token).account.changePassword({
      currentPassword: factoryPassword,
      newPassword,
    });
    expect(await works(me.token)).toEqual(refused);
    expect(await works(other.token)).toEqual(refused);
    expect(await works(token)).toEqual({ trpc: 'ok', rest: 'ok' });
    expect(await works(bystander.token)).toEqual({ trpc: 'ok', rest: 'ok' });

    const old = await restLogin(t.app, me.username, factoryPassword);
    expect(old.status).toBe(401);
    const fresh = await restLogin(t.app, me.username, newPassword);
    expect(fresh.status).toBe(200);
    expect(await works(fresh.body.encodedToken as string)).toEqual({ trpc: 'ok', rest: 'ok' });
    // The token of a session that ended does not come back to life by using the new one.
    expect(await works(other.token)).toEqual(refused);
  });

  it('refuses the older of two changes made with the same current password (it is no longer current)', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const api = t.caller(me.token);
    const [first, second] = await Promise.allSettled([
      api.account.changePassword({ currentPassword: factoryPassword, newPassword }),
      api.account.changePassword({ currentPassword: factoryPassword, newPassword: 'yet-another-password' }),
    ]);
    const outcomes = [first, second].map((result) => result.status).sort();
    // Both may pass the check before either writes; the write then lets exactly one through.
    expect(outcomes).toEqual(['fulfilled', 'rejected']);
  });
});

describe('account.signOutEverywhere', () => {
  it('ends every session, this one too; logging in again works', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const other = session(await t.caller().auth.login({ username: me.username, password: factoryPassword }));
    expect(await t.caller(me.token).account.signOutEverywhere()).toEqual({ ok: true });
    expect(await works(me.token)).toEqual(refused);
    expect(await works(other.token)).toEqual(refused);
    const again = session(await t.caller().auth.login({ username: me.username, password: factoryPassword }));
    expect(await works(again.token)).toEqual({ trpc: 'ok', rest: 'ok' });
    const [row] = await t.sql<{ token_version: number }>('select token_version from users where id = $1', [
      me.id,
    ]);
    expect(row!.token_version).toBe(1);
  });
});
