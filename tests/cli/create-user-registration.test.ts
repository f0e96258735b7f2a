import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { query, realm, tempFolder } from './cli-helpers.js';

// Registration is for newcomers signing up; the administrator adds members whatever it says.

describe('realm admin create-user under closed registration', () => {
  it('adds the member anyway, active', async () => {
    const data = tempFolder('registration');
    expect((await realm(['admin', 'create-user', 'first', '--data', data])).code).toBe(0);
    const db = new Database(join(data, 'realm.db'));
    db.prepare(`insert into instance_settings (key, value) values ('registration', '"closed"')`).run();
    db.close();
    const made = await realm(['admin', 'create-user', 'second', '--data', data], {
      env: { REALM_REGISTRATION: 'closed' },
    });
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(query(data, `select username, status from users where username = 'second'`)).toEqual([
      { username: 'second', status: 'active' },
    ]);
  }, 90_000); // two runs of the program from source, on a machine that may be busy
});
