import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { messages } from '../../src/server/domain/errors.js';
import type { LiveEvent } from '../../src/server/store/store.js';
import { get, post } from '../helpers/http.js';
import { badRequest, expectRefusedCall, forbidden, notFound } from '../helpers/moderation.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Moderators approve, limit, suspend and unsuspend members; admins set roles. A suspended member
// cannot log in, and their tokens stop working at once, on tRPC and REST alike, with a clear 403.

let t: TestApp;
afterEach(() => t?.close());

async function staff() {
  t = await makeTestApp();
  const admin = await t.member({ username: 'root', role: 'admin' });
  const moderator = await t.member({ username: 'mod', role: 'moderator' });
  const alice = await t.member({ username: 'alice' });
  return { admin, moderator, alice, mod: t.caller(moderator.token).admin };
}

const logOf = async (token: string) =>
  (await t.caller(token).admin.log({})).items.map((e) => [e.actor, e.action, e.subject, e.detail, e.reason]);

describe('admin.suspend and admin.unsuspend', () => {
  it("stop the member's token at once on tRPC and REST, refuse their login with 403, and undo it", async () => {
    const { moderator, alice, mod } = await staff();
    const { id: postId } = await t.caller(alice.token).posts.create({ content: 'hello' });
    const events: LiveEvent[] = [];
    const stop = t.store.subscribe((event) => events.push(event));
    const view = await mod.suspend({ username: 'ALICE', reason: 'spam wave' });
    stop();
    expect(view).toMatchObject({ username: 'alice', status: 'suspended', role: 'member', postCount: 1 });
    expect(events).toContainEqual({ type: 'session-ended', memberId: alice.id });

    const suspended = forbidden(messages.suspended);
    const caller = t.caller(alice.token);
    await expect(caller.users.me()).rejects.toMatchObject(suspended); // protected
    await expect(caller.posts.explore({})).rejects.toMatchObject(suspended); // public, with a token
    await expect(caller.posts.create({ content: 'still here?' })).rejects.toMatchObject(suspended);
    const rest = { errors: [messages.suspended] };
    expect(await get(t.app, '/api/users/bookmark', alice.token)).toMatchObject({ status: 403, body: rest });
    expect(await get(t.app, '/api/users/alice', alice.token)).toMatchObject({ status: 403, body: rest });
    const edit = await post(t.app, `/api/posts/edit/${postId}`, alice.token, { postData: 'x' });
    expect(edit).toMatchObject({ status: 403, body: rest });
    const credentials = { username: 'alice', password: factoryPassword };
    expect(await post(t.app, '/api/auth/login', undefined, credentials)).toMatchObject({
      status: 403,
      body: rest,
    });
    await expect(t.caller().auth.login(credentials)).rejects.toMatchObject(suspended);
    // Anyone else still reads the instance.
    expect((await get(t.app, '/api/users/alice')).status).toBe(200);

    expect(await mod.unsuspend({ username: 'alice', reason: 'appealed' })).toMatchObject({
      status: 'active',
    });
    expect(await caller.users.me()).toMatchObject({ username: 'alice' });
    expect((await post(t.app, '/api/auth/login', undefined, credentials)).status).toBe(200);
    expect(await logOf(moderator.token)).toEqual([
      ['mod', 'unsuspend', 'alice', '', 'appealed'],
      ['mod', 'suspend', 'alice', '', 'spam wave'],
    ]);
  });

  it('refuse a member who is not in a state they apply to, changing nothing', async () => {
    const { mod } = await staff();
    const pending = await t.member({ username: 'newbie', status: 'pending' });
    await expectRefusedCall(
      t,
      () => mod.unsuspend({ username: 'alice' }),
      badRequest('Only suspended members can be unsuspended; alice is active.'),
    );
    await expectRefusedCall(
      t,
      () => mod.suspend({ username: pending.username }),
      badRequest('Only active or limited members can be suspended; newbie is pending.'),
    );
    await mod.suspend({ username: 'alice' });
    await expectRefusedCall(
      t,
      () => mod.suspend({ username: 'alice' }),
      badRequest('Only active or limited members can be suspended; alice is suspended.'),
    );
    await expectRefusedCall(t, () => mod.suspend({ username: 'nobody' }), notFound(messages.userNotFound));
  });
});

describe('admin.approve, admin.limit and admin.unlimit', () => {
  it('approve lets a waiting member in; limit and unlimit mark them, and each is logged', async () => {
    const { moderator, mod } = await staff();
    const newbie = await t.member({ username: 'newbie', status: 'pending' });
    await expect(t.caller(newbie.token).users.me()).rejects.toMatchObject(forbidden(messages.pending));
    expect(await mod.approve({ username: 'newbie' })).toMatchObject({ status: 'active' });
    expect(await t.caller(newbie.token).users.me()).toMatchObject({ username: 'newbie' });
    await expectRefusedCall(
      t,
      () => mod.approve({ username: 'newbie' }),
      badRequest('Only pending members can be approved; newbie is active.'),
    );

    expect(await mod.limit({ username: 'newbie', reason: 'link farm' })).toMatchObject({ status: 'limited' });
    // A limited member still uses the instance.
    expect(await t.caller(newbie.token).users.me()).toMatchObject({ username: 'newbie' });
    await expectRefusedCall(
      t,
      () => mod.limit({ username: 'newbie' }),
      badRequest('Only active members can be limited; newbie is limited.'),
    );
    // Suspended and back, a limited member is still limited.
    await mod.suspend({ username: 'newbie' });
    expect(await mod.unsuspend({ username: 'newbie' })).toMatchObject({ status: 'limited' });
    expect(await mod.unlimit({ username: 'newbie' })).toMatchObject({ status: 'active' });
    await expectRefusedCall(
      t,
      () => mod.unlimit({ username: 'newbie' }),
      badRequest('Only limited members can be unlimited; newbie is active.'),
    );
    expect((await logOf(moderator.token)).map(([, action]) => action)).toEqual([
      'unlimit',
      'unsuspend',
      'suspend',
      'limit',
      'approve',
    ]);
  });
});

describe('who may act on whom', () => {
  it('a moderator acts on members only; an admin on moderators too, never on admins nor on themselves', async () => {
    const { admin, alice, mod } = await staff();
    const other = await t.member({ username: 'root2', role: 'admin' });
    const mod2 = await t.member({ username: 'mod2', role: 'moderator' });
    const above = forbidden(messages.notAboveSubject);
    await expectRefusedCall(t, () => mod.suspend({ username: 'mod2' }), above);
    await expectRefusedCall(t, () => mod.limit({ username: 'root' }), above);
    await expectRefusedCall(
      t,
      () => mod.suspend({ username: 'mod' }),
      badRequest('You cannot moderate your own account.'),
    );
    const adminCalls = t.caller(admin.token).admin;
    await expectRefusedCall(t, () => adminCalls.suspend({ username: other.username }), above);
    await expectRefusedCall(
      t,
      () => t.caller(alice.token).admin.approve({ username: 'mod2' }),
      forbidden(messages.moderatorsOnly),
    );
    expect(await adminCalls.suspend({ username: mod2.username })).toMatchObject({ status: 'suspended' });
  });
});

describe('admin.setRole', () => {
  it('admins only, never on themselves nor on another admin; each change is logged with the new role', async () => {
    const { admin, moderator, alice: member } = await staff();
    const root = t.caller(admin.token).admin;
    const view = await root.setRole({ username: 'Alice', role: 'moderator', reason: 'helps a lot' });
    expect(view).toMatchObject({ username: 'alice', role: 'moderator', status: 'active' });
    // At once: Alice works the queue with the token she has.
    expect((await t.caller(member.token).admin.reports({})).items).toEqual([]);

    await expectRefusedCall(
      t,
      () => t.caller(moderator.token).admin.setRole({ username: 'alice', role: 'member' }),
      forbidden(messages.adminsOnly),
    );
    await expectRefusedCall(
      t,
      () => root.setRole({ username: 'root', role: 'member' }),
      badRequest('You cannot change your own role.'),
    );
    await expectRefusedCall(
      t,
      () => root.setRole({ username: 'alice', role: 'moderator' }),
      badRequest('alice is already a moderator.'),
    );
    expect(await root.setRole({ username: 'alice', role: 'admin' })).toMatchObject({ role: 'admin' });
    await expectRefusedCall(
      t,
      () => root.setRole({ username: 'alice', role: 'member' }),
      forbidden(messages.notAboveSubject),
    );
    await expectRefusedCall(
      t,
      () => root.setRole({ username: 'nobody', role: 'member' }),
      notFound(messages.userNotFound),
    );
    expect(await logOf(admin.token)).toEqual([
      ['root', 'set-role', 'alice', 'admin', ''],
      ['root', 'set-role', 'alice', 'moderator', 'helps a lot'],
    ]);
    // @ts-expect-error -- a role the schema refuses
    const bad = root.setRole({ username: 'alice', role: 'owner' });
    await expect(bad).rejects.toMatchObject(badRequest('The role must be member, moderator or admin.'));
  });
});
