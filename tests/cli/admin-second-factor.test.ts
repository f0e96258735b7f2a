import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoHandle } from '../../src/shared/demo.js';
import { query, realm, tempFolder } from './cli-helpers.js';

// `realm admin second-factor-off`, for a member who lost their phone and their recovery codes. The factor is
// written into the database file as the server keeps it (a sealed secret, hashed codes); that the server
// then asks no code is tests/trpc/second-factor-sign-in.test.ts's, on both engines.

let data: string;

beforeAll(async () => {
  data = tempFolder('second-factor');
  expect((await realm(['seed', '--demo', '--data', data])).code).toBe(0);
}, 60_000);

function giveSecondFactor(username: string) {
  const db = new Database(join(data, 'realm.db'));
  try {
    const { id } = db.prepare('select id from users where username = ?').get(username) as { id: string };
    db.prepare(
      'insert into second_factors (member_id, sealed_secret, last_step, enabled_at) values (?, ?, 0, 1)',
    ).run(id, 'sealed');
    const code = db.prepare('insert into recovery_codes (member_id, code_hash) values (?, ?)');
    for (const hash of ['a', 'b', 'c']) code.run(id, hash);
    return id;
  } finally {
    db.close();
  }
}

describe('realm admin second-factor-off', () => {
  it("turns a member's factor off with their recovery codes, and says so; others keep theirs", async () => {
    const demo = giveSecondFactor(demoHandle);
    const other = giveSecondFactor('janecooper');
    // The member's email finds them too, without regard to case; the answer names their handle.
    const off = await realm(['admin', 'second-factor-off', 'DEMO@realm.social', '--data', data]);
    expect(off).toMatchObject({
      code: 0,
      stdout: 'Turned off two-factor authentication for demo.\n',
      stderr: '',
    });
    const left = (table: string, id: string) =>
      query<{ n: number }>(data, `select count(*) as n from ${table} where member_id = ?`, id)[0]?.n;
    expect([left('second_factors', demo), left('recovery_codes', demo)]).toEqual([0, 0]);
    expect([left('second_factors', other), left('recovery_codes', other)]).toEqual([1, 3]);

    const again = await realm(['admin', 'second-factor-off', 'Demo', '--data', data]);
    expect(again).toMatchObject({
      code: 0,
      stdout: 'demo had no two-factor authentication; nothing changed.\n',
    });
  });

  it('refuses an unknown member', async () => {
    const unknown = await realm(['admin', 'second-factor-off', 'nobody', '--data', data]);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'realm: No member named nobody\n' });
  });
});
