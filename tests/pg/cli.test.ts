import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { mediaKeyFor } from '../../src/server/media/storage.js';
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

describe('realm admin media-usage with REALM_DATABASE_URL', () => {
  it("reports the PostgreSQL instance's pictures, and delete-user takes a member's away", async () => {
    const url = await freshDatabase(inject('postgresAdminUrl'));
    const env = { REALM_DATABASE_URL: url };
    const created = await runRealm(['admin', 'create-user', 'pia', '--password-stdin'], {
      env,
      input: 'a long enough password',
    });
    expect(created.code).toBe(0);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const key = mediaKeyFor(Buffer.from('a picture'), 'webp');
      await pool.query(
        `insert into media (id, owner_id, large_key, preview_key, width, height, preview_width, preview_height,
           placeholder, bytes, created_at)
         select 'm' || i, id, $1, $1, 1, 1, 1, 1, '', 1536, 1 from users, generate_series(1, 2) as i`,
        [key],
      );
    } finally {
      await pool.end();
    }
    const usage = await runRealm(['admin', 'media-usage', '--json'], { env });
    expect(usage).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(usage.stdout)).toMatchObject({
      pictures: 2,
      unattached: 2,
      bytes: 3072,
      top: [{ username: 'pia', pictures: 2, bytes: 3072 }],
    });
    expect((await runRealm(['admin', 'delete-user', 'pia', '--yes'], { env })).code).toBe(0);
    expect(JSON.parse((await runRealm(['admin', 'media-usage', '--json'], { env })).stdout)).toMatchObject({
      pictures: 0,
      bytes: 0,
      top: [],
    });
  });
});
