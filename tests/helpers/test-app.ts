import type { FastifyInstance } from 'fastify';
import { createMember, type FactoryMember } from '../../seed/factories.js';
import { runSeed } from '../../seed/seed.js';
import { buildApp, type AppOptions } from '../../src/server/app.js';
import type { Config, MediaConfig } from '../../src/server/config.js';
import type { Db } from '../../src/server/store/sqlite/client.js';
import { factorKeys } from '../../src/server/domain/second-factor.js';
import { createTokenKeys, type TokenKeys } from '../../src/server/domain/tokens.js';
import { createContext } from '../../src/server/trpc/context.js';
import { createCaller } from '../../src/server/trpc/root.js';
import { openPostgresStore } from '../../src/server/store/postgres/index.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import type { EngineStore } from '../../src/server/store/open.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { freshDatabase } from './postgres.js';
import { defaultMbPerProcess, memoryPlan } from '../../src/server/memory-budget.js';

export const testSecret = 'test-secret-that-is-long-enough-for-hs256-000';

export const testConfig: Config & { jwtSecret: string } = {
  port: 0,
  host: '127.0.0.1',
  dbPath: ':memory:',
  databaseUrl: undefined,
  databasePool: 10,
  jwtSecret: testSecret,
  logLevel: 'silent',
  rateLimit: false,
  workers: 1,
  requestsPer5Minutes: 1200,
  legacyListLimit: 1000,
  trustProxy: [],
  connectionsPerAddress: 64,
  demo: false,
  registration: 'open',
  publicOrigin: undefined,
  push: { allowPrivateEndpoints: false, contact: undefined },
  // makeTestApp gives each app a folder of its own; this one is never written to.
  media: {
    storage: { kind: 'folder', folder: join(tmpdir(), 'realm-test-media-unused') },
    maxBytes: 16 * 1024 * 1024,
    perPost: 4,
    quotaBytes: 1024 * 1024 * 1024,
    uploadsPerHour: 60,
    atOnce: undefined,
    memoryBytes: memoryPlan(defaultMbPerProcess, 1).picturesBytes,
  },
  mail: undefined,
  memoryBudgetMb: defaultMbPerProcess,
  memory: memoryPlan(defaultMbPerProcess, 1),
};

export type TestApp = {
  app: FastifyInstance;
  store: EngineStore;
  /** The store's SQLite connection, for tests that look at SQLite itself; on PostgreSQL it throws. */
  db: Db;
  /**
   * Runs SQL on either engine, with PostgreSQL's `$1, $2...` placeholders, and answers the rows. Counts come
   * back as numbers on both (PostgreSQL's bigint text is converted).
   */
  sql<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  keys: TokenKeys;
  /** The folder this app keeps pictures in (a fresh temporary one unless config.media named another). */
  mediaFolder: string;
  /** A member inserted directly, with a valid token for the raw `authorization` header. */
  member(overrides?: Parameters<typeof createMember>[1]): Promise<FactoryMember & { token: string }>;
  /** A tRPC caller acting as the holder of `token` (or signed out). */
  caller(token?: string): ReturnType<typeof createCaller>;
  /** Closes the store under the app, as a fault would: every read fails from now on. */
  closeDatabase(): Promise<void>;
  close(): Promise<void>;
};

/** The engine the in-process suite runs on: SQLite (`npm test`), or PostgreSQL (`npm run test:pg`). */
export const testEngine: EngineStore['engine'] =
  process.env.REALM_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** `file` names a database that two stores may open (two workers, or two nodes). */
const postgresDatabases = new Map<string, Promise<string>>();

async function openTestStore(file: string | undefined): Promise<EngineStore> {
  if (testEngine === 'sqlite') return openSqliteStore(file ?? ':memory:');
  const fresh = () => freshDatabase(inject('postgresAdminUrl'));
  let url = file === undefined ? fresh() : postgresDatabases.get(file);
  if (url === undefined) postgresDatabases.set(file!, (url = fresh()));
  return openPostgresStore({ url: await url, poolSize: 10 });
}

/** PostgreSQL's bigint (count(*), times) as a number, as SQLite gives it, so one assertion fits both. */
const int8 = 20;
const numbers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A fresh, migrated database (in memory on SQLite, a clone of the template on PostgreSQL) and an app around
 * it: one per test. `file` opens that database instead (two apps on one file stand for two workers).
 */
export async function makeTestApp(
  options: {
    seed?: boolean;
    config?: Partial<Config>;
    /** Picture settings over the test config's (the storage is a fresh folder unless given). */
    media?: Partial<MediaConfig>;
    serveBuiltClient?: boolean;
    clientDir?: string;
    file?: string;
    /** Logs at `config.logLevel` into this stream, one JSON line a write, as the server logs to stdout. */
    logTo?: { write(line: string): void };
    pushSending?: AppOptions['pushSending'];
    mailSending?: AppOptions['mailSending'];
  } = {},
): Promise<TestApp> {
  const store = await openTestStore(options.file);
  if (options.seed) await runSeed(store);
  const mediaFolder = mkdtempSync(join(tmpdir(), 'realm-test-media-'));
  const config = {
    ...testConfig,
    ...options.config,
    media: {
      ...testConfig.media,
      storage: { kind: 'folder' as const, folder: mediaFolder },
      ...options.media,
    },
  };
  const app = await buildApp({
    config,
    store,
    logger: options.logTo !== undefined,
    ...(options.logTo && { logStream: options.logTo }),
    mediaCleanupEveryMs: 0,
    appCleanupEveryMs: 0,
    ...(options.pushSending ? { pushSending: options.pushSending } : {}),
    ...(options.mailSending ? { mailSending: options.mailSending } : {}),
    serveBuiltClient: options.serveBuiltClient ?? false,
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
  });
  await app.ready();
  const keys = createTokenKeys(testSecret);
  let storeClosed: Promise<void> | undefined;
  const closeDatabase = () => (storeClosed ??= store.close());
  return {
    app,
    store,
    get db() {
      if (store.engine !== 'sqlite')
        throw new Error('This test reads SQLite itself: it runs on SQLite only.');
      return store.db;
    },
    async sql(text, values = []) {
      if (store.engine === 'postgres')
        return (await store.pool.query({ text, values, types: numbers })).rows as never;
      // better-sqlite3 binds numbered parameters (`?1`) by name: { 1: first, 2: second... }
      const statement = store.db.$client.prepare(text.replace(/\$(\d+)/g, '?$1'));
      const named = Object.fromEntries(values.map((value, i) => [i + 1, value]));
      return (statement.reader ? statement.all(named) : (statement.run(named), [])) as never;
    },
    keys,
    mediaFolder: config.media.storage.kind === 'folder' ? config.media.storage.folder : '',
    async member(overrides) {
      const member = await createMember(store, overrides);
      return { ...member, token: await keys.sign({ _id: member.id, username: member.username }) };
    },
    caller: (token) =>
      createCaller(
        createContext(
          {
            store,
            keys,
            factors: factorKeys(testSecret),
            registrationDefault: config.registration,
            allowPrivatePushEndpoints: config.push.allowPrivateEndpoints,
            mediaPerPost: config.media.perPost,
            publicOrigin: config.publicOrigin,
          },
          { authorization: token },
        ),
      ),
    closeDatabase,
    async close() {
      await app.close();
      await closeDatabase();
      rmSync(mediaFolder, { recursive: true, force: true });
    },
  };
}
