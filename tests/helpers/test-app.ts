import type { FastifyInstance } from 'fastify';
import { createMember, type FactoryMember } from '../../seed/factories.js';
import { runSeed } from '../../seed/seed.js';
import { buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/client.js';
import { createTokenKeys, type TokenKeys } from '../../src/server/domain/tokens.js';
import { createContext } from '../../src/server/trpc/context.js';
import { createCaller } from '../../src/server/trpc/root.js';
import { openSqliteStore, type SqliteStore } from '../../src/server/store/sqlite/index.js';

export const testSecret = 'test-secret-that-is-long-enough-for-hs256-000';

export const testConfig: Config & { jwtSecret: string } = {
  port: 0,
  host: '127.0.0.1',
  dbPath: ':memory:',
  jwtSecret: testSecret,
  logLevel: 'silent',
  rateLimit: false,
  workers: 1,
  requestsPer5Minutes: 1200,
  legacyListLimit: 1000,
  trustProxy: [],
  connectionsPerAddress: 64,
  demo: false,
};

export type TestApp = {
  app: FastifyInstance;
  store: SqliteStore;
  /** The store's SQLite connection, for tests that look at rows, plans and pragmas. */
  db: Db;
  keys: TokenKeys;
  /** A member inserted directly, with a valid token for the raw `authorization` header. */
  member(overrides?: Parameters<typeof createMember>[1]): Promise<FactoryMember & { token: string }>;
  /** A tRPC caller acting as the holder of `token` (or signed out). */
  caller(token?: string): ReturnType<typeof createCaller>;
  close(): Promise<void>;
};

/**
 * A fresh, migrated in-memory database and an app around it: one per test. `file` opens that database file
 * instead (two apps on one file stand for two workers).
 */
export async function makeTestApp(
  options: {
    seed?: boolean;
    config?: Partial<Config>;
    serveBuiltClient?: boolean;
    clientDir?: string;
    file?: string;
  } = {},
): Promise<TestApp> {
  const store = openSqliteStore(options.file ?? ':memory:');
  if (options.seed) await runSeed(store);
  const app = await buildApp({
    config: { ...testConfig, ...options.config },
    store,
    logger: false,
    serveBuiltClient: options.serveBuiltClient ?? false,
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
  });
  await app.ready();
  const keys = createTokenKeys(testSecret);
  return {
    app,
    store,
    db: store.db,
    keys,
    async member(overrides) {
      const member = await createMember(store, overrides);
      return { ...member, token: await keys.sign({ _id: member.id, username: member.username }) };
    },
    caller: (token) => createCaller(createContext({ store, keys }, { authorization: token })),
    async close() {
      await app.close();
      await store.close();
    },
  };
}
