import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealm, type RealmServer } from '../helpers/realm-program.js';
import { api, login, query, realm, rowsOf, signup, tempFolder } from './cli-helpers.js';

// `realm admin create-user --role`, `set-role`, `suspend`, `unsuspend` and `approve`, on a running
// instance's folder, as an administrator would use them: they act as "(command line)", with an admin's
// rights on anyone, and each action goes to the audit log.
let data: string;
let server: RealmServer;

beforeAll(async () => {
  data = tempFolder('moderation');
  server = await startRealm(['--data', data]);
}, 60_000);

afterAll(() => server?.stop());

const roleOf = (username: string) =>
  query<{ role: string; status: string }>(
    data,
    'select role, status from users where username = ?',
    username,
  )[0];
const auditLog = () =>
  query(
    data,
    'select actor_name as actor, action, subject_name as subject, detail, reason from audit_log order by created_at, id',
  );

describe('realm admin moderation commands', () => {
  it('create-user --role makes the first admin; a bad role is refused before anything is made', async () => {
    const [root, badRole] = await Promise.all([
      realm(['admin', 'create-user', 'root', '--role', 'admin', '--password-stdin', '--data', data], {
        input: 'root-password-1\n',
      }),
      realm(['admin', 'create-user', 'owner', '--role', 'owner', '--data', data]),
    ]);
    expect(root).toMatchObject({ code: 0, stdout: 'Created admin root.\n', stderr: '' });
    expect(badRole).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'realm: admin create-user: The role must be member, moderator or admin.\n',
    });
    expect(roleOf('root')).toEqual({ role: 'admin', status: 'active' });
    expect(roleOf('owner')).toBeUndefined();
    expect(auditLog()).toEqual([
      { actor: '(command line)', action: 'set-role', subject: 'root', detail: 'admin', reason: '' },
    ]);
    const { status, body } = await login(server.url, 'root', 'root-password-1');
    expect(status).toBe(200);
    // The new admin works the admin screens at once.
    const members = await fetch(`${server.url}/trpc/admin.members?input=${encodeURIComponent('{}')}`, {
      headers: { authorization: body.encodedToken as string },
    });
    expect(members.status).toBe(200);
  });

  it('set-role gives any role to anyone, admins too; unknown members and roles are refused', async () => {
    await signup(server.url, 'alice');
    const [made, unknown, badRole, missing] = await Promise.all([
      realm(['admin', 'set-role', 'ALICE', 'moderator', '--reason', 'helps a lot', '--data', data]),
      realm(['admin', 'set-role', 'nobody', 'admin', '--data', data]),
      realm(['admin', 'set-role', 'alice', 'boss', '--data', data]),
      realm(['admin', 'set-role', 'alice', '--data', data]),
    ]);
    expect(made).toMatchObject({ code: 0, stdout: 'alice is now a moderator.\n', stderr: '' });
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'realm: No member named nobody\n' });
    expect(badRole).toMatchObject({
      code: 2,
      stderr: 'realm: admin set-role: The role must be member, moderator or admin.\n',
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('admin set-role takes USERNAME ROLE');
    expect(roleOf('alice')?.role).toBe('moderator');

    const same = await realm(['admin', 'set-role', 'alice', 'moderator', '--data', data]);
    expect(same).toMatchObject({ code: 1, stderr: 'realm: alice is already a moderator.\n' });
    const promoted = await realm(['admin', 'set-role', 'alice', 'admin', '--data', data]);
    expect(promoted.stdout).toBe('alice is now an admin.\n');
    const demoted = await realm(['admin', 'set-role', 'alice', 'member', '--data', data]);
    expect(demoted).toMatchObject({ code: 0, stdout: 'alice is now a member.\n' });
    expect(auditLog().slice(-3)).toEqual([
      {
        actor: '(command line)',
        action: 'set-role',
        subject: 'alice',
        detail: 'moderator',
        reason: 'helps a lot',
      },
      { actor: '(command line)', action: 'set-role', subject: 'alice', detail: 'admin', reason: '' },
      { actor: '(command line)', action: 'set-role', subject: 'alice', detail: 'member', reason: '' },
    ]);
  }, 60_000);

  it("suspend ends the member's sessions at once and refuses their login; unsuspend restores both", async () => {
    const bob = await signup(server.url, 'bob');
    expect((await api(server.url, 'GET', '/api/users/bookmark', bob.token)).status).toBe(200);

    const suspended = await realm(['admin', 'suspend', 'bob', '--reason', 'spam wave', '--data', data]);
    expect(suspended).toMatchObject({
      code: 0,
      stdout: 'Suspended bob: they cannot log in until unsuspended.\n',
      stderr: '',
    });
    const message = 'Your account is suspended by the moderators of this instance.';
    expect(await api(server.url, 'GET', '/api/users/bookmark', bob.token)).toEqual({
      status: 403,
      body: { errors: [message] },
    });
    expect(await login(server.url, 'bob', 'bob-password')).toEqual({
      status: 403,
      body: { errors: [message] },
    });

    const again = await realm(['admin', 'suspend', 'bob', '--data', data]);
    expect(again).toMatchObject({
      code: 1,
      stderr: 'realm: Only active or limited members can be suspended; bob is suspended.\n',
    });
    const unsuspended = await realm(['admin', 'unsuspend', 'bob', '--reason', 'appealed', '--data', data]);
    expect(unsuspended).toMatchObject({ code: 0, stdout: 'Unsuspended bob.\n' });
    expect((await api(server.url, 'GET', '/api/users/bookmark', bob.token)).status).toBe(200);
    expect((await login(server.url, 'bob', 'bob-password')).status).toBe(200);
    expect(auditLog().slice(-2)).toEqual([
      { actor: '(command line)', action: 'suspend', subject: 'bob', detail: '', reason: 'spam wave' },
      { actor: '(command line)', action: 'unsuspend', subject: 'bob', detail: '', reason: 'appealed' },
    ]);
  }, 60_000);

  it('approve lets in a member waiting for approval; anyone else is refused, changing nothing', async () => {
    const carol = await signup(server.url, 'carol');
    // Signing up under approval is tested elsewhere: here the member is put in waiting by hand.
    const db = new Database(join(data, 'realm.db'));
    try {
      db.prepare("update users set status = 'pending' where id = ?").run(carol.id);
    } finally {
      db.close();
    }
    const waiting = await api(server.url, 'GET', '/api/users/bookmark', carol.token);
    expect(waiting.status).toBe(403);

    const before = rowsOf(data);
    const [active, unknown] = await Promise.all([
      realm(['admin', 'approve', 'bob', '--data', data]),
      realm(['admin', 'approve', 'nobody', '--data', data]),
    ]);
    expect(active).toMatchObject({
      code: 1,
      stderr: 'realm: Only pending members can be approved; bob is active.\n',
    });
    expect(unknown).toMatchObject({ code: 1, stderr: 'realm: No member named nobody\n' });
    expect(rowsOf(data)).toEqual(before);

    const approved = await realm(['admin', 'approve', 'Carol', '--data', data]);
    expect(approved).toMatchObject({ code: 0, stdout: 'Approved carol.\n' });
    expect((await api(server.url, 'GET', '/api/users/bookmark', carol.token)).status).toBe(200);
    expect(auditLog().at(-1)).toMatchObject({ actor: '(command line)', action: 'approve', subject: 'carol' });
  }, 60_000);

  it('refuses a folder with no instance in it', async () => {
    const result = await realm(['admin', 'suspend', 'bob', '--data', join(data, 'nothing-here')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('There is no Realm database at');
  });
});
