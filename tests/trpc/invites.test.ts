import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/domain/errors.js';
import { adminOf, expectRefusedCall } from '../helpers/accounts.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Invite codes (invites.create, invites.list, invites.revoke).

let t: TestApp;
afterEach(() => t?.close());

const day = 24 * 60 * 60 * 1000;

describe('invites.create', () => {
  it('gives an admin a random, URL-safe code, 7 days and 1 use unless told', async () => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    const before = Date.now();
    const invite = await admin.api.invites.create({});
    expect(invite).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      createdBy: {
        id: admin.id,
        username: admin.username,
        firstName: 'Test',
        lastName: expect.any(String),
        profilePic: expect.any(String),
      },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      maxUses: 1,
      uses: 0,
      usable: true,
    });
    const lasts = Date.parse(invite.expiresAt!) - Date.parse(invite.createdAt);
    expect(lasts).toBe(7 * day);
    expect(Date.parse(invite.createdAt)).toBeGreaterThanOrEqual(before);
    const codes = new Set([invite.code]);
    for (let i = 0; i < 20; i++) codes.add((await admin.api.invites.create({ expiresInDays: 30 })).code);
    expect(codes.size).toBe(21);
  });

  it('refuses members and moderators unless the admin lets members invite, changing nothing', async () => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    const member = t.caller((await t.member()).token);
    const moderator = t.caller((await t.member({ role: 'moderator' })).token);
    for (const api of [member, moderator]) {
      await expectRefusedCall(t, () => api.invites.create({}), 'FORBIDDEN', messages.invitesAdminsOnly);
    }
    await expectRefusedCall(
      t,
      () => t.caller().invites.create({}),
      'UNAUTHORIZED',
      expect.any(String) as never,
    );
    await admin.api.instance.update({ invitesByMembers: true });
    expect((await member.invites.create({ expiresInDays: 1, maxUses: 5 })).maxUses).toBe(5);
    expect((await moderator.invites.create({})).usable).toBe(true);
  });

  it.each([
    [{ expiresInDays: 2 }, 'An invite expires in 1, 7 or 30 days, or never.'],
    [{ maxUses: 0 }, 'Uses must be a whole number from 1 to 1000.'],
    [{ maxUses: 1001 }, 'Uses must be a whole number from 1 to 1000.'],
    [{ maxUses: 1.5 }, 'Uses must be a whole number from 1 to 1000.'],
  ])('refuses %o with its first problem, changing nothing', async (input, message) => {
    t = await makeTestApp();
    const { api } = await adminOf(t);
    await expectRefusedCall(t, () => api.invites.create(input as never), 'BAD_REQUEST', message);
  });
});

describe('invites.create by members', () => {
  const expiry = "A member's invite must expire, in at most 7 days.";
  const uses = "A member's invite allows at most 25 uses.";
  const live =
    'You may hold at most 10 live invites at once: revoke one, or wait until one expires or is used up.';

  it.each([
    [{ expiresInDays: null }, expiry],
    [{ expiresInDays: 30 }, expiry],
    [{ maxUses: null }, uses],
    [{ maxUses: 26 }, uses],
    [{ maxUses: 1000 }, uses],
  ] as const)('refuses a member’s %o with the limit it passes, changing nothing', async (input, message) => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    await admin.api.instance.update({ invitesByMembers: true });
    for (const role of ['member', 'moderator'] as const) {
      const api = t.caller((await t.member({ role })).token);
      await expectRefusedCall(t, () => api.invites.create(input), 'BAD_REQUEST', message);
    }
  });

  it('gives a member codes within the bounds, and refuses the 11th live one until one is no longer live', async () => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    await admin.api.instance.update({ invitesByMembers: true });
    const member = await t.member();
    const api = t.caller(member.token);
    const widest = await api.invites.create({ expiresInDays: 7, maxUses: 25 });
    expect(widest).toMatchObject({ maxUses: 25, usable: true });
    expect(Date.parse(widest.expiresAt!) - Date.parse(widest.createdAt)).toBe(7 * day);
    // An expired code and a used-up one do not count.
    const at = Date.now();
    await t.sql(
      'insert into invites (code, created_by, created_at, expires_at, max_uses, uses) values ($1, $2, $3, $4, $5, $6)',
      ['expired', member.id, at - 2 * day, at - 1, 5, 0],
    );
    await t.sql(
      'insert into invites (code, created_by, created_at, expires_at, max_uses, uses) values ($1, $2, $3, $4, $5, $6)',
      ['used-up', member.id, at - day, at + day, 2, 2],
    );
    for (let i = 1; i < 10; i++) await api.invites.create({ expiresInDays: 1, maxUses: 1 });
    expect((await api.invites.list()).filter((invite) => invite.usable)).toHaveLength(10);
    await expectRefusedCall(t, () => api.invites.create({}), 'BAD_REQUEST', live);
    // Another member's codes are theirs; an admin is not bounded.
    expect((await t.caller((await t.member()).token).invites.create({})).usable).toBe(true);
    await api.invites.revoke({ code: widest.code });
    expect((await api.invites.create({})).usable).toBe(true);
    await expectRefusedCall(t, () => api.invites.create({}), 'BAD_REQUEST', live);
  });

  it('lets an admin still create codes that never expire, with any number of uses, past 10 live', async () => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    await admin.api.instance.update({ invitesByMembers: true });
    for (let i = 0; i < 11; i++) {
      const invite = await admin.api.invites.create({ expiresInDays: null, maxUses: null });
      expect(invite).toMatchObject({ expiresAt: null, maxUses: null, usable: true });
    }
    expect((await admin.api.invites.create({ expiresInDays: 30, maxUses: 1000 })).maxUses).toBe(1000);
  });
});

describe('invites.list', () => {
  it('shows a member their own codes newest first, and an admin everyone’s', async () => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    await admin.api.instance.update({ invitesByMembers: true });
    const [ann, bob] = [t.caller((await t.member()).token), t.caller((await t.member()).token)];
    const first = await ann.invites.create({});
    const other = await bob.invites.create({});
    const second = await ann.invites.create({ expiresInDays: 1, maxUses: 25 });
    expect((await ann.invites.list()).map((invite) => invite.code)).toEqual([second.code, first.code]);
    expect((await bob.invites.list()).map((invite) => invite.code)).toEqual([other.code]);
    expect((await admin.api.invites.list()).map((invite) => invite.code)).toEqual([
      second.code,
      other.code,
      first.code,
    ]);
  });

  it('says whether each code is still usable, and lists at most 200', async () => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    const now = Date.now();
    for (let i = 0; i < 205; i++) {
      await t.sql(
        'insert into invites (code, created_by, created_at, expires_at, max_uses, uses) values ($1, $2, $3, $4, $5, $6)',
        [
          `code-${i}`,
          admin.id,
          now - i * 1000,
          i === 0 ? now - 1 : null,
          i === 1 ? 3 : null,
          i === 1 ? 3 : 0,
        ],
      );
    }
    const list = await admin.api.invites.list();
    expect(list).toHaveLength(200);
    expect(list.slice(0, 3).map(({ code, usable }) => ({ code, usable }))).toEqual([
      { code: 'code-0', usable: false }, // expired
      { code: 'code-1', usable: false }, // used up
      { code: 'code-2', usable: true },
    ]);
  });
});

describe('invites.revoke', () => {
  it('lets the creator or an admin revoke a code, which then no longer signs anyone up', async () => {
    t = await makeTestApp({ config: { registration: 'invite' } });
    const admin = await adminOf(t);
    await admin.api.instance.update({ invitesByMembers: true });
    const member = t.caller((await t.member()).token);
    const mine = await member.invites.create({});
    const theirs = await member.invites.create({});
    expect(await member.invites.revoke({ code: mine.code })).toEqual({ ok: true });
    expect(await admin.api.invites.revoke({ code: theirs.code })).toEqual({ ok: true });
    expect(await member.invites.list()).toEqual([]);
    await expect(
      t.caller().auth.signup({
        ...{ username: 'late', email: 'late@example.com', password: 'a-good-password' },
        inviteCode: mine.code,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: messages.inviteInvalid });
  });

  it("answers 404 for an unknown code and for someone else's, changing nothing", async () => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    const { code } = await admin.api.invites.create({});
    const moderator = t.caller((await t.member({ role: 'moderator' })).token);
    const member = t.caller((await t.member()).token);
    for (const api of [member, moderator]) {
      await expectRefusedCall(t, () => api.invites.revoke({ code }), 'NOT_FOUND', messages.inviteNotFound);
    }
    await expectRefusedCall(
      t,
      () => admin.api.invites.revoke({ code: 'nope' }),
      'NOT_FOUND',
      messages.inviteNotFound,
    );
  });
});
