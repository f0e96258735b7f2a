import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/domain/errors.js';
import { aboutInstance } from '../../src/server/domain/instance-settings.js';
import { adminOf, expectRefusedCall } from '../helpers/accounts.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The instance's name, description, rules and registration (instance.about, instance.update).

let t: TestApp;
afterEach(() => t?.close());

const publicUser = (member: { id: string; username: string }) => ({
  id: member.id,
  username: member.username,
  firstName: 'Test',
  lastName: expect.any(String),
  profilePic: expect.any(String),
});

describe('instance.about', () => {
  it('has the defaults before any admin sets anything, and no demo on an empty instance', async () => {
    t = await makeTestApp();
    expect(await t.caller().instance.about()).toEqual({
      demo: false,
      name: 'Realm',
      description: '',
      rules: [],
      registration: 'open',
      invitesByMembers: false,
      visitorsMayRead: false,
      picturesPerPost: 4,
      mailEnabled: false,
      admins: [],
      moderators: [],
    });
  });

  it('tells how many pictures a post may carry, as REALM_MEDIA_PER_POST sets it', async () => {
    t = await makeTestApp({ media: { perPost: 2 } });
    expect((await t.caller().instance.about()).picturesPerPost).toBe(2);
  });

  it('says the demo member exists where the demo is loaded, as before', async () => {
    t = await makeTestApp({ seed: true });
    expect((await t.caller().instance.about()).demo).toBe(true);
  });

  it('takes registration from REALM_REGISTRATION until an admin sets it, then keeps the admin’s choice', async () => {
    t = await makeTestApp({ config: { registration: 'approval' } });
    expect((await t.caller().instance.about()).registration).toBe('approval');
    const servedClosed = async () =>
      (
        await aboutInstance(t!.store, {
          registrationDefault: 'closed',
          picturesPerPost: 4,
          mailEnabled: false,
        })
      ).registration;
    // The same database served with another REALM_REGISTRATION follows it while nobody set registration...
    expect(await servedClosed()).toBe('closed');
    const { api } = await adminOf(t);
    await api.instance.update({ registration: 'approval' }); // set explicitly, equal to the default
    // ...and keeps what an admin set, even when it was the default then.
    expect(await servedClosed()).toBe('approval');
    await api.instance.update({ registration: 'invite' });
    expect((await t.caller().instance.about()).registration).toBe('invite');
  });

  it('lists the admins and the moderators, longest-serving first, members in neither', async () => {
    t = await makeTestApp();
    const first = await t.member({ role: 'admin', createdAt: 1000, updatedAt: 1000 });
    const moderator = await t.member({ role: 'moderator' });
    const second = await t.member({ role: 'admin', createdAt: 2000, updatedAt: 2000 });
    await t.member();
    const about = await t.caller().instance.about();
    expect(about.admins).toEqual([publicUser(first), publicUser(second)]);
    expect(about.moderators).toEqual([publicUser(moderator)]);
    expect(JSON.stringify(about)).not.toMatch(/password|hash|role|status/i);
  });

  it('is answered to anyone, a pending member included (no token is read)', async () => {
    t = await makeTestApp();
    const pending = await t.member({ status: 'pending' });
    expect((await t.caller(pending.token).instance.about()).name).toBe('Realm');
  });
});

describe('instance.update', () => {
  it('writes only the fields given, answers the settings as they now are, and logs one audit entry', async () => {
    t = await makeTestApp();
    const admin = await adminOf(t);
    const about = await admin.api.instance.update({
      name: 'Town Square',
      rules: ['Be kind', '', 'No spam'],
    });
    expect(about).toMatchObject({
      name: 'Town Square',
      description: '',
      rules: ['Be kind', 'No spam'],
      registration: 'open',
      invitesByMembers: false,
      admins: [publicUser(admin)],
    });
    const rows = await t.sql<{ key: string; value: string }>('select key, value from instance_settings');
    expect(rows.map((row) => row.key).sort()).toEqual(['name', 'rules']);

    const later = await admin.api.instance.update({ registration: 'closed', invitesByMembers: true });
    expect(later).toMatchObject({
      name: 'Town Square',
      rules: ['Be kind', 'No spam'],
      registration: 'closed',
    });
    expect(await t.caller().instance.about()).toMatchObject({
      registration: 'closed',
      invitesByMembers: true,
    });

    const log = await t.sql<{ actor_id: string; actor_name: string; action: string; detail: string }>(
      'select actor_id, actor_name, action, detail, subject_name from audit_log order by created_at',
    );
    expect(log).toEqual([
      {
        actor_id: admin.id,
        actor_name: admin.username,
        action: 'instance-settings',
        subject_name: '',
        detail: 'name "Realm" → "Town Square"; rules changed (2 rules)',
      },
      {
        actor_id: admin.id,
        actor_name: admin.username,
        action: 'instance-settings',
        subject_name: '',
        detail: 'registration open → closed; invites by members off → on',
      },
    ]);
  });

  it('logs nothing when nothing changes', async () => {
    t = await makeTestApp();
    const { api } = await adminOf(t);
    await api.instance.update({ name: 'Realm', description: '' });
    expect(await t.sql('select * from audit_log')).toEqual([]);
  });

  it('refuses moderators, members, pending and anonymous callers, changing nothing', async () => {
    t = await makeTestApp();
    const input = { name: 'Taken over', registration: 'closed' as const };
    const moderator = await t.member({ role: 'moderator' });
    const member = await t.member();
    const pending = await t.member({ status: 'pending' });
    for (const caller of [moderator, member]) {
      await expectRefusedCall(
        t,
        () => t.caller(caller.token).instance.update(input),
        'FORBIDDEN',
        messages.adminsOnly,
      );
    }
    await expectRefusedCall(
      t,
      () => t.caller(pending.token).instance.update(input),
      'FORBIDDEN',
      messages.pending,
    );
    await expectRefusedCall(
      t,
      () => t.caller().instance.update(input),
      'UNAUTHORIZED',
      expect.any(String) as never,
    );
    expect((await t.caller().instance.about()).name).toBe('Realm');
  });

  it.each([
    [{ name: '' }, 'Instance name must be 1 to 60 characters.'],
    [{ registration: 'sometimes' }, 'Registration must be open, approval, invite or closed.'],
    [{ rules: Array.from({ length: 21 }, () => 'a rule') }, 'At most 20 rules.'],
    [{ invitesByMembers: 'yes' }, 'invitesByMembers must be true or false.'],
  ])('refuses %o with its first problem, changing nothing', async (input, message) => {
    t = await makeTestApp();
    const { api } = await adminOf(t);
    await expectRefusedCall(t, () => api.instance.update(input as never), 'BAD_REQUEST', message);
  });
});
