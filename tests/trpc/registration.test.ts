import { afterEach, describe, expect, it } from 'vitest';
import { signup } from '../../src/server/domain/auth.js';
import { messages } from '../../src/server/domain/errors.js';
import { appRouter } from '../../src/server/trpc/root.js';
import { adminOf, expectRefusedCall, setRegistration } from '../helpers/accounts.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Registration in each mode: open, approval, invite, closed, through tRPC's auth.signup and auth.login.

let t: TestApp;
afterEach(() => t?.close());

const password = 'a-good-password';
const newcomer = (username = 'newcomer') => ({
  username,
  email: `${username}@example.com`,
  password,
  firstName: 'New',
  lastName: 'Comer',
});

describe('registration open', () => {
  it('signs up an active member, and login says so too', async () => {
    t = await makeTestApp();
    const joined = await t.caller().auth.signup(newcomer());
    expect(joined).toMatchObject({ status: 'active', user: { username: 'newcomer' } });
    expect((await t.caller(joined.token).users.me()).username).toBe('newcomer');
    expect(await t.caller().auth.login({ username: 'newcomer', password })).toMatchObject({
      status: 'active',
    });
  });

  it('ignores an invite code (none is used)', async () => {
    t = await makeTestApp();
    const { api } = await adminOf(t);
    const { code } = await api.invites.create({ expiresInDays: 7, maxUses: 1 });
    await t.caller().auth.signup({ ...newcomer(), inviteCode: code });
    expect((await api.invites.list())[0]).toMatchObject({ code, uses: 0, usable: true });
  });
});

describe('registration closed', () => {
  it('refuses every signup with 403 FORBIDDEN and writes nothing; members still log in', async () => {
    t = await makeTestApp();
    const member = await t.member();
    await setRegistration(t, 'closed');
    await expectRefusedCall(
      t,
      () => t.caller().auth.signup(newcomer()),
      'FORBIDDEN',
      messages.registrationClosed,
    );
    expect(
      (await t.caller().auth.login({ username: member.username, password: 'factory-password-1' })).status,
    ).toBe('active');
  });

  it('follows REALM_REGISTRATION when no admin set it', async () => {
    t = await makeTestApp({ config: { registration: 'closed' } });
    await expectRefusedCall(
      t,
      () => t.caller().auth.signup(newcomer()),
      'FORBIDDEN',
      messages.registrationClosed,
    );
  });

  it('does not stop the administrator: realm admin create-user signs up with byAdministrator', async () => {
    t = await makeTestApp({ config: { registration: 'closed' } });
    const made = await signup(t.store, t.keys, newcomer(), {}, { byAdministrator: true, role: 'admin' });
    expect(made.status).toBe('active');
    expect(await t.sql('select username, role, status from users')).toEqual([
      { username: 'newcomer', role: 'admin', status: 'active' },
    ]);
  });
});

describe('registration approval', () => {
  it('creates a pending account that can log in and read account.me, and nothing else', async () => {
    t = await makeTestApp({ config: { registration: 'approval' } });
    const joined = await t.caller().auth.signup(newcomer());
    expect(joined).toMatchObject({ status: 'pending', user: { username: 'newcomer' } });
    const loggedIn = await t.caller().auth.login({ username: 'newcomer', password });
    expect(loggedIn.status).toBe('pending');
    expect(await t.caller(loggedIn.token).account.me()).toEqual({
      id: joined.user.id,
      username: 'newcomer',
      firstName: 'New',
      lastName: 'Comer',
      profilePic: expect.any(String),
      role: 'member',
      status: 'pending',
      email: 'newcomer@example.com',
      handleChangesLeft: 0,
    });
  });

  it('refuses a pending member on every procedure but account.me, signOutEverywhere and delete, changing nothing', async () => {
    t = await makeTestApp({ config: { registration: 'approval' } });
    const { token } = await t.caller().auth.signup(newcomer());
    const api = t.caller(token) as unknown as Record<
      string,
      Record<string, (input?: unknown) => Promise<unknown>>
    >;
    // No token is read by these: anyone may call them.
    const anonymous = new Set([
      'auth.signup',
      'auth.handleAvailable',
      'auth.login',
      'auth.secondStep',
      'auth.passkeyOptions',
      'auth.passkeyLogin',
      'instance.about',
      'oauth.describe',
    ]);
    const allowed = new Set(['account.me', 'account.signOutEverywhere', 'account.delete']);
    const paths = Object.keys(appRouter._def.procedures);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths.filter((p) => !anonymous.has(p) && !allowed.has(p))) {
      const [group, name] = path.split('.') as [string, string];
      await expectRefusedCall(t, () => api[group]![name]!({}), 'FORBIDDEN', messages.pending).catch(
        (error: unknown) => {
          throw new Error(`${path}: ${String(error)}`);
        },
      );
    }
    expect((await api.account!.me!()) as object).toMatchObject({ status: 'pending' });
  });

  it('lets a pending member sign out everywhere and delete their account', async () => {
    t = await makeTestApp({ config: { registration: 'approval' } });
    const { token } = await t.caller().auth.signup(newcomer());
    expect(await t.caller(token).account.signOutEverywhere()).toEqual({ ok: true });
    await expect(t.caller(token).account.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const again = await t.caller().auth.login({ username: 'newcomer', password });
    expect(await t.caller(again.token).account.delete({ password })).toEqual({ ok: true });
    expect(await t.sql('select * from users')).toEqual([]);
  });

  it('makes an active member once approved (status set active)', async () => {
    t = await makeTestApp({ config: { registration: 'approval' } });
    const { token, user } = await t.caller().auth.signup(newcomer());
    await t.sql(`update users set status = 'active' where id = $1`, [user.id]);
    expect((await t.caller(token).account.me()).status).toBe('active');
    expect((await t.caller(token).posts.create({ content: 'approved at last' })).content).toBe(
      'approved at last',
    );
  });
});

describe('registration invite', () => {
  async function inviteInstance(invite: { expiresInDays?: 1 | 7 | 30 | null; maxUses?: number | null } = {}) {
    t = await makeTestApp({ config: { registration: 'invite' } });
    const admin = await adminOf(t);
    const created = await admin.api.invites.create({ expiresInDays: 7, maxUses: 1, ...invite });
    return { admin, code: created.code };
  }
  const usesOf = async (code: string) =>
    (await t.sql<{ uses: number }>('select uses from invites where code = $1', [code]))[0]!.uses;

  it('needs a code: none (or a blank one) is refused with inviteRequired, an unknown one with inviteInvalid', async () => {
    await inviteInstance();
    const refuse = (input: object, message: string) =>
      expectRefusedCall(t, () => t.caller().auth.signup({ ...newcomer(), ...input }), 'FORBIDDEN', message);
    await refuse({}, messages.inviteRequired);
    await refuse({ inviteCode: '   ' }, messages.inviteRequired);
    await refuse({ inviteCode: 'not-a-real-code' }, messages.inviteInvalid);
  });

  it('signs up an active member with a usable code and counts the use; a used-up code is refused', async () => {
    const { admin, code } = await inviteInstance({ maxUses: 2 });
    expect(await t.caller().auth.signup({ ...newcomer('first'), inviteCode: code })).toMatchObject({
      status: 'active',
    });
    expect(await usesOf(code)).toBe(1);
    await t.caller().auth.signup({ ...newcomer('second'), inviteCode: ` ${code} ` });
    expect(await usesOf(code)).toBe(2);
    expect((await admin.api.invites.list())[0]).toMatchObject({ code, uses: 2, maxUses: 2, usable: false });
    await expectRefusedCall(
      t,
      () => t.caller().auth.signup({ ...newcomer('third'), inviteCode: code }),
      'FORBIDDEN',
      messages.inviteInvalid,
    );
  });

  it('refuses an expired code; a code without expiry or limit keeps working', async () => {
    const { admin, code } = await inviteInstance({ expiresInDays: 1 });
    await t.sql('update invites set expires_at = $1 where code = $2', [Date.now() - 1000, code]);
    await expectRefusedCall(
      t,
      () => t.caller().auth.signup({ ...newcomer(), inviteCode: code }),
      'FORBIDDEN',
      messages.inviteInvalid,
    );
    const forever = await admin.api.invites.create({ expiresInDays: null, maxUses: null });
    expect(forever).toMatchObject({ expiresAt: null, maxUses: null, usable: true });
    for (const name of ['one', 'two', 'three']) {
      await t.caller().auth.signup({ ...newcomer(name), inviteCode: forever.code });
    }
    expect(await usesOf(forever.code)).toBe(3);
  });

  it('uses nothing when the signup fails (a taken username)', async () => {
    const { code } = await inviteInstance();
    const taken = await t.member();
    await expectRefusedCall(
      t,
      () => t.caller().auth.signup({ ...newcomer(taken.username.toUpperCase()), inviteCode: code }),
      'CONFLICT',
      'Unprocessable Entity. Username Already Exists.',
    );
    expect(await usesOf(code)).toBe(0);
  });

  it('counts a last use once when two transactions race for it, the second waiting on the first', async () => {
    const { code } = await inviteInstance({ maxUses: 1 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = t.store.write(async (tx) => {
      const redeemed = await tx.invites.redeem(code, Date.now());
      await held; // the first transaction is still open while the second tries
      return redeemed;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = t.store.write((tx) => tx.invites.redeem(code, Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect([await first, await second]).toEqual([true, false]);
    expect(await usesOf(code)).toBe(1);
  });

  it('gives the last use to one of two signups racing for it', async () => {
    const { code } = await inviteInstance({ maxUses: 1 });
    const results = await Promise.allSettled(
      ['racer_a', 'racer_b'].map((name) => t.caller().auth.signup({ ...newcomer(name), inviteCode: code })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((r) => r.status === 'rejected');
    expect(lost?.reason).toMatchObject({ code: 'FORBIDDEN', message: messages.inviteInvalid });
    expect(await usesOf(code)).toBe(1);
    expect(await t.sql(`select count(*) as n from users where username like 'racer_%'`)).toEqual([{ n: 1 }]);
  });
});
