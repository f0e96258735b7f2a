import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { jwtSecretFile, keptJwtSecret } from '../server/store/sqlite/instance-secret.js';
import { nativeBindingOption } from '../server/store/sqlite/native-binding.js';
import { unpackRuntime } from '../server/paths.js';
import type { CopyReport } from '../server/store/postgres/copy-from-sqlite.js';
import { version } from '../server/version.js';
import { CommandFailed, dataHelp, dataOptions, type Command } from './command.js';
import { refuseWhileRunning, requireDatabase } from './guards.js';
import { configFrom, dataFolderOf, newestKnownMigration } from './instance.js';
import { connectionProblem, postgresUrl, scrubbed, shown } from './postgres-url.js';

// An instance moves from SQLite to PostgreSQL with one command (docs/decisions/0002-two-engines.md). The
// copy itself, its checks and its one transaction are copy-from-sqlite.ts; this is the command around it.

/** The SQLite file, only read; a file that is not a database this Realm knows is refused here. */
function openSource(file: string, dataFolder: string): Database.Database {
  let source: Database.Database | undefined;
  try {
    source = new Database(file, { ...nativeBindingOption(), readonly: true, fileMustExist: true });
    const migrated = "select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'";
    const newest = source.prepare(migrated).get()
      ? Number(source.prepare('select max(created_at) from __drizzle_migrations').pluck().get() ?? 0)
      : 0;
    // The PostgreSQL schema is this Realm's: the SQLite one must be the same version, column for column.
    if (newest < newestKnownMigration()) {
      throw new CommandFailed(
        `${file} lacks migrations of this Realm ${version}: run \`realm migrate --data ${dataFolder}\` first.`,
      );
    }
    if (newest > newestKnownMigration()) {
      throw new CommandFailed(`${file} comes from a Realm newer than ${version}: copy it with that version.`);
    }
    return source;
  } catch (error) {
    source?.close();
    const code = (error as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB') throw new CommandFailed(`${file} is not an SQLite database.`);
    if (code.startsWith('SQLITE_')) {
      throw new CommandFailed(
        `Cannot read ${file} (${(error as Error).message}): run this as the user the server runs as.`,
      );
    }
    throw error;
  }
}

function report(copied: CopyReport, seconds: number): string[] {
  const tables = Object.entries(copied.rows);
  const width = Math.max(...tables.map(([table, rows]) => table.length + String(rows).length));
  const counters = Object.entries(copied.counters).map(([counter, sum]) => `${counter} ${sum}`);
  return [
    `Copied in ${seconds.toFixed(1)} s, every table in one transaction, checked before it committed:`,
    ...tables.map(
      ([table, rows]) =>
        `  ${table}  ${String(rows).padStart(width - table.length)} row${rows === 1 ? '' : 's'}`,
    ),
    `The row counts match SQLite's, and so do the counters' sums: ${counters.join(', ')}.`,
  ];
}

/** What became of the token secret, and what the PostgreSQL nodes need for members to stay signed in. */
function secretNote(configured: boolean, copied: boolean, dbFile: string): string {
  if (configured) {
    return (
      'REALM_JWT_SECRET is set, so the server signs tokens with it and its jwt-secret file was not copied: ' +
      'set the same REALM_JWT_SECRET on the PostgreSQL nodes too.'
    );
  }
  if (copied) return `The token secret (${jwtSecretFile(dbFile)}) went along: members stay signed in.`;
  return (
    `There is no ${jwtSecretFile(dbFile)}, so the server signed tokens with REALM_JWT_SECRET (or never ` +
    'started): set the same REALM_JWT_SECRET on the PostgreSQL nodes too, or members will sign in again.'
  );
}

export const migrateToPostgres: Command = {
  name: 'migrate-to-postgres',
  summary: 'copy the instance into an empty PostgreSQL database (stop the server first)',
  usage: '--to URL [--data DIR]',
  details: `Copies the instance's SQLite database into an empty PostgreSQL database: creates Realm's tables
there, copies every row in one transaction and checks the row counts and counters against SQLite before it
commits, so PostgreSQL ends up with the whole instance or with none of it. The token secret (jwt-secret)
goes along, so members stay signed in. The SQLite file is only read. Stop the server first: what it wrote
after the copy would not be in PostgreSQL.

  --to URL          required: postgres://USER:PASSWORD@HOST:PORT/DATABASE, a database that exists and holds
                    no instance yet (the password is never printed)
${dataHelp}`,
  options: { ...dataOptions, to: { type: 'string' } },
  positionals: [],
  async run(parsed) {
    const url = postgresUrl(parsed.values.to);
    const config = configFrom(parsed);
    const folder = dataFolderOf(config);
    const file = resolve(config.dbPath);
    refuseWhileRunning(folder, 'what it writes after the copy would not reach PostgreSQL');
    requireDatabase(config);
    unpackRuntime(folder);
    // The secret the server signs with, as resolveJwtSecret finds it: REALM_JWT_SECRET, else the kept file.
    const secret = config.jwtSecret ? undefined : keptJwtSecret(config.dbPath);
    // Loaded here, not with the program: loaded with it, node-postgres and Drizzle's driver for it made
    // every command start later (`realm version`, bundled, median of 40 shuffled runs: 340 ms against 314).
    const [{ default: pg }, { copyFromSqlite, CopyRefused }] = await Promise.all([
      import('pg'),
      import('../server/store/postgres/copy-from-sqlite.js'),
    ]);
    const source = openSource(config.dbPath, folder);
    const target = new pg.Pool({
      connectionString: String(parsed.values.to),
      max: 2,
      connectionTimeoutMillis: 15_000,
    });
    // An idle connection that drops is reported by the query that needed it; unheard, it would crash us.
    target.on('error', () => {});
    try {
      try {
        await target.query('select 1');
      } catch (error) {
        throw new CommandFailed(scrubbed(connectionProblem(error, url), url));
      }
      console.log(`Copying ${file} into ${shown(url)}...`);
      const started = performance.now();
      const copied = await copyFromSqlite(source, target, { jwtSecret: secret }).catch((error: unknown) => {
        const why = scrubbed(error instanceof Error ? error.message : String(error), url);
        throw new CommandFailed(
          error instanceof CopyRefused
            ? why
            : `The copy stopped, and PostgreSQL kept none of its rows: ${why}`,
        );
      });
      console.log(report(copied, (performance.now() - started) / 1000).join('\n'));
      console.log(secretNote(config.jwtSecret !== undefined, secret !== undefined, file));
      const password =
        url.password || url.searchParams.has('password') ? ' (the password in place of ***)' : '';
      console.log(
        `Next: serve from PostgreSQL by starting Realm with REALM_DATABASE_URL=${shown(url)}${password}. ` +
          `Keep ${file} until you are satisfied.`,
      );
    } finally {
      source.close();
      await target.end();
    }
  },
};
