import { describe, expect, it } from 'vitest';
import { startRealm } from '../helpers/realm-program.js';
import { expectUsageError, query, realm, tempFolder } from './cli-helpers.js';

const everyCommand = [
  'serve',
  'migrate',
  'seed',
  'admin create-user',
  'admin reset-password',
  'admin delete-user',
  'admin list-users',
  'admin second-factor-off',
  'admin set-role',
  'admin suspend',
  'admin unsuspend',
  'admin approve',
  'admin media-usage',
  'admin mail-test',
  'backup',
  'restore',
  'migrate-to-postgres',
  'version',
  'help',
];

// Each test starts the program a dozen or twenty times at once, each loading it anew: alone that is seconds,
// but beside the rest of the suite on two cores it took up to 90 s, so each test has 180 s.
const startsMany = 180_000;

describe('the realm program', () => {
  it(
    'prints its version, the list of commands, and the help of each command',
    async () => {
      const [version, help, dashDashHelp, dashDashVersion, ...each] = await Promise.all([
        realm(['version']),
        realm(['help']),
        realm(['--help']),
        realm(['--version']),
        ...everyCommand.map((name) => realm([...name.split(' '), '--help'])),
      ]);
      expect(version).toMatchObject({ code: 0, stderr: '' });
      expect(version.stdout).toMatch(/^realm \d+\.\d+\.\d+ \(node v\d+/);
      expect(help.code).toBe(0);
      expect(dashDashHelp).toEqual(help);
      expect(dashDashVersion).toEqual(version);
      for (const name of everyCommand) expect(help.stdout).toContain(`  ${name} `);
      each.forEach((result, i) => {
        expect(result.code).toBe(0);
        expect(result.stdout).toMatch(new RegExp(`^Usage: realm ${everyCommand[i]}\\b`));
        expect(result.stdout.split('\n').length).toBeGreaterThan(2); // a usage line and what it does
      });
    },
    startsMany,
  );

  it(
    'refuses a wrong command line with exit 2 and one line',
    async () => {
      const data = tempFolder('usage');
      const refusals = await Promise.all([
        expectUsageError(['frobnicate']),
        expectUsageError(['admin']),
        expectUsageError(['migrate', '--frobnicate']),
        expectUsageError(['backup', '--data', data]),
        expectUsageError(['admin', 'list-users', 'extra', '--data', data]),
        expectUsageError(['serve', '--port', 'abc', '--data', data]),
        expectUsageError(['admin', 'create-user', 'has/slash', '--data', data]),
      ]);
      expect(refusals[0]).toContain('unknown command "frobnicate"');
      expect(refusals[1]).toContain('realm admin needs a command: create-user, reset-password');
      expect(refusals[2]).toContain('unknown option --frobnicate');
      expect(refusals[3]).toContain('backup takes FILE');
      expect(refusals[4]).toContain('admin list-users takes no arguments (got "extra")');
      expect(refusals[5]).toContain('--port must be a number');
      expect(refusals[6]).toContain('Username must not contain spaces or slashes.');
    },
    startsMany,
  );

  it('migrate creates and migrates a database; commands on a missing one say where they looked', async () => {
    const data = tempFolder('migrate');
    const [migrated, missing] = await Promise.all([
      realm(['migrate', '--data', data]),
      realm(['admin', 'list-users', '--data', `${data}/nothing-here`]),
    ]);
    expect(migrated).toMatchObject({ code: 0, stderr: '' });
    expect(migrated.stdout).toContain(`Migrated ${data}/realm.db`);
    const tables = query<{ name: string }>(data, "select name from sqlite_master where type = 'table'");
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'posts', 'rate_limits']));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `realm: There is no Realm database at ${data}/nothing-here/realm.db: pass --data with the instance's data folder (or set REALM_DB).\n`,
    );
  }, 60_000);
});

describe('realm serve', () => {
  it('takes its flags over the environment, and starts an instance without the demo unless asked', async () => {
    const data = tempFolder('flags');
    // PORT and REALM_DB in the environment would fail (a port out of range, a folder that cannot exist);
    // --port (0, from startRealm) and --data win, so it serves.
    const server = await startRealm(['--data', data, '--host', '127.0.0.1'], {
      env: { PORT: '70000', REALM_DB: '/proc/no-such-folder/realm.db', HOST: 'not-an-interface' },
    });
    try {
      const { users } = (await (await fetch(`${server.url}/api/users`)).json()) as { users: unknown[] };
      expect(users).toEqual([]);
      expect(query(data, 'select count(*) as n from users')).toEqual([{ n: 0 }]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const demo = await startRealm(['--data', data, '--demo']);
    try {
      const { users } = (await (await fetch(`${demo.url}/api/users`)).json()) as { users: unknown[] };
      expect(users.length).toBeGreaterThan(0);
    } finally {
      expect(await demo.stop()).toBe(0);
    }
  }, 60_000);
});
