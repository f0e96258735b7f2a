import { describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../helpers/postgres.js';
import { runRealm } from '../helpers/realm-program.js';

// The `realm` program's commands on a PostgreSQL instance: REALM_DATABASE_URL points them at it, as it
// points `realm serve`.

describe('realm commands with REALM_DATABASE_URL', () => {
  it('administer the PostgreSQL instance, and send backups to pg_dump', async () => {
    const env = { REALM_DATABASE_URL: await freshDatabase(inject('postgresAdminUrl')) };
    const created = await runRealm(['admin', 'create-user', 'bob', '--password-stdin'], {
      env,
      input: 'a long enough password',
    });
    expect(created).toMatchObject({ code: 0, stdout: 'Created member bob.\n' });
    const listed = await runRealm(['admin', 'list-users', '--json'], { env });
    expect(listed.code).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).username),
    ).toEqual(['bob']);

    const deleted = await runRealm(['admin', 'delete-user', 'bob', '--yes'], { env });
    expect(deleted).toMatchObject({ code: 0, stdout: 'Deleted bob with 0 posts and 0 comments.\n' });
    expect((await runRealm(['admin', 'list-users', '--json'], { env })).stdout).toBe('');

    const backup = await runRealm(['backup', '/tmp/never-written.realm-backup'], { env });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/pg_dump/);
  });
});
