import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migratePostgres } from '../../src/server/store/postgres/migrate.js';

/**
 * The PostgreSQL that `npm run test:pg` runs against: REALM_TEST_PG_URL when set (a server whose user may
 * create databases), otherwise a throwaway one started from Debian's binaries (`apt-get install
 * postgresql`) in a temporary folder, reachable only through its socket, gone when stopped. The suite's
 * global setup starts it once and migrates a template; each test then clones its own database from the
 * template (CREATE DATABASE ... TEMPLATE: about 0.1 s).
 */
export async function startTestPostgres(
  options: { durable?: boolean } = {},
): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const server = process.env.REALM_TEST_PG_URL
    ? external(process.env.REALM_TEST_PG_URL)
    : await throwaway(options.durable ?? false);
  const adminUrl = server.url('postgres');
  await run(adminUrl, [`drop database if exists ${templateName}`, `create database ${templateName}`]);
  const template = new pg.Pool({ connectionString: server.url(templateName), max: 1 });
  await migratePostgres(template);
  await template.end();
  return { adminUrl, stop: async () => server.stop?.() };
}

const templateName = 'realm_template';

let made = 0;

/** A fresh, migrated database of this test's own, cloned from the template; its connection string. */
export async function freshDatabase(adminUrl: string): Promise<string> {
  const name = `realm_test_${process.pid}_${++made}`;
  await run(adminUrl, [`create database ${name} template ${templateName}`]);
  return withDatabase(adminUrl, name);
}

/** A database with nothing in it, not even the migrations (what a new instance starts from). */
export async function emptyDatabase(adminUrl: string): Promise<string> {
  const name = `realm_test_${process.pid}_${++made}`;
  await run(adminUrl, [`create database ${name}`]);
  return withDatabase(adminUrl, name);
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

type Server = { url(database: string): string; stop?: () => Promise<void> };

async function run(url: string, statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function external(url: string): Server {
  return { url: (database) => withDatabase(url, database) };
}

/** The newest PostgreSQL 15+ that Debian's packages installed, or a message saying what to install. */
function debianBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter((v) => v >= 15 && existsSync(join(root, String(v), 'bin/postgres')))
        .sort((a, b) => b - a)
    : [];
  if (versions.length === 0) {
    throw new Error(
      'No PostgreSQL 15 or newer in /usr/lib/postgresql: apt-get install postgresql, or set REALM_TEST_PG_URL.',
    );
  }
  return join(root, String(versions[0]), 'bin');
}

/** PostgreSQL refuses to run as root; as root the cluster belongs to Debian's `postgres` user. */
function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A test's server writes nothing to disk that it waits for. `durable` (the benchmark) keeps fsync and full
 * page writes, and gives up only the wait for each commit's flush (synchronous_commit=off): a crash of the
 * machine may lose the last moment's commits, never the database, as SQLite's synchronous=NORMAL in WAL.
 */
async function throwaway(durable: boolean): Promise<Server> {
  const bin = debianBinaries();
  const folder = mkdtempSync(join(tmpdir(), 'realm-pg-'));
  const user = owner();
  if (user) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  const initdb = spawnSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'realm', '--no-sync'], {
    encoding: 'utf8',
    ...user,
  });
  if (initdb.status !== 0) throw new Error(`initdb failed:\n${initdb.stderr}`);
  // The suite's own user gets in without a password; any other must give its own, so a test can see a
  // wrong password refused as a real server refuses it.
  const hba = join(data, 'pg_hba.conf');
  writeFileSync(hba, 'local all realm trust\nlocal all all scram-sha-256\n');
  if (user) chownSync(hba, user.uid, user.gid);
  // Only a socket in the folder, no TCP port.
  const settings = ['listen_addresses=', `unix_socket_directories=${folder}`, 'max_connections=200'];
  settings.push('synchronous_commit=off', ...(durable ? [] : ['fsync=off', 'full_page_writes=off']));
  const child: ChildProcess = spawn(
    join(bin, 'postgres'),
    ['-D', data, ...settings.flatMap((s) => ['-c', s])],
    { stdio: ['ignore', 'ignore', 'pipe'], ...user },
  );
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = (database: string) =>
    `postgres://realm@localhost/${database}?host=${encodeURIComponent(folder)}`;
  for (let waited = 0; ; waited += 50) {
    try {
      await run(url('postgres'), ['select 1']);
      break;
    } catch (error) {
      if (waited > 20_000 || child.exitCode !== null)
        throw new Error(`PostgreSQL did not start:\n${log}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGINT'); // fast shutdown
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
