import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../helpers/postgres.js';
import { runRealm } from '../helpers/realm-program.js';

// The moderation commands of `realm admin` on a PostgreSQL instance (REALM_DATABASE_URL), as tests/cli/
// admin-moderation.test.ts runs them on SQLite: roles, suspension and approval, each in the audit log.

describe('realm admin moderation commands with REALM_DATABASE_URL', () => {
  it('create an admin, set roles, suspend, unsuspend and approve, logged as the command line', async () => {
    const url = await freshDatabase(inject('postgresAdminUrl'));
    const env = { REALM_DATABASE_URL: url };
    const run = (args: string[], input?: string) =>
      runRealm(['admin', ...args], { env, ...(input ? { input } : {}) });
    expect(
      await run(['create-user', 'root', '--role', 'admin', '--password-stdin'], 'root password 1'),
    ).toMatchObject({ code: 0, stdout: 'Created admin root.\n' });
    expect(await run(['create-user', 'alice', '--password-stdin'], 'alice password 1')).toMatchObject({
      code: 0,
      stdout: 'Created member alice.\n',
    });
    expect(await run(['set-role', 'Alice', 'moderator'])).toMatchObject({
      code: 0,
      stdout: 'alice is now a moderator.\n',
    });
    expect(await run(['suspend', 'alice', '--reason', 'test'])).toMatchObject({ code: 0 });
    expect(await run(['unsuspend', 'alice'])).toMatchObject({ code: 0, stdout: 'Unsuspended alice.\n' });
    expect(await run(['approve', 'alice'])).toMatchObject({
      code: 1,
      stderr: 'realm: Only pending members can be approved; alice is active.\n',
    });
    expect(await run(['suspend', 'nobody'])).toMatchObject({
      code: 1,
      stderr: 'realm: No member named nobody\n',
    });

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const users = await client.query('select username, role, status from users order by username');
      expect(users.rows).toEqual([
        { username: 'alice', role: 'moderator', status: 'active' },
        { username: 'root', role: 'admin', status: 'active' },
      ]);
      const log = await client.query(
        'select actor_name, action, subject_name, detail, reason from audit_log order by created_at, id',
      );
      expect(log.rows.map((e) => [e.actor_name, e.action, e.subject_name, e.detail, e.reason])).toEqual([
        ['(command line)', 'set-role', 'root', 'admin', ''],
        ['(command line)', 'set-role', 'alice', 'moderator', ''],
        ['(command line)', 'suspend', 'alice', '', 'test'],
        ['(command line)', 'unsuspend', 'alice', '', ''],
      ]);
    } finally {
      await client.end();
    }
  }, 90_000);
});
