import { defineConfig } from 'vitest/config';

// `npm run test:pg`: on a throwaway PostgreSQL (or REALM_TEST_PG_URL), two projects sharing one server:
// - `postgres`: the engine's own tests (tests/pg): the store held to SQLite's answers, races, plans, nodes;
// - `suite on postgres`: `npm test`'s in-process suite again, each test's app on a PostgreSQL store
//   (REALM_TEST_ENGINE, tests/helpers/test-app.ts). Files about SQLite itself are left out, each with its
//   reason below; their PostgreSQL twins are in tests/pg.
const sqliteItself = [
  // pragmas, the file and its modes, the write lock between SQLite connections, SQLite's query plans
  'tests/server/database-file.test.ts',
  'tests/server/file-modes.test.ts',
  'tests/server/write-lock.test.ts',
  'tests/server/query-plans.test.ts', // twin: tests/pg/query-plans.test.ts
  'tests/server/live-query-plans.test.ts', // twin: tests/pg/live-query-plans.test.ts
  'tests/server/conversation-plans.test.ts', // twin: tests/pg/conversation-plans.test.ts
  'tests/server/home-feed-scale.test.ts', // the SQLite bound of the home feed's index reads
  'tests/server/feed-heads.test.ts', // a table SQLite alone keeps (migration 0022)
  'tests/server/scale.test.ts', // the generator writes SQLite files (seed/scale.ts)
  'tests/trpc/query-count.test.ts', // counts statements SQLite prepares
  'tests/trpc/card-json.test.ts', // SQLite's JSON and time functions
  'tests/trpc/direct-calls.test.ts', // compares two in-memory SQLite instances byte for byte
  'tests/server/concurrency-rules.test.ts', // twin: tests/pg/concurrency.test.ts
  'tests/server/process.test.ts', // the server process on a SQLite file (PostgreSQL: tests/pg/two-nodes)
  'tests/server/mail-durability.test.ts', // a server process on a SQLite file, killed (PostgreSQL: the store's claims)
  'tests/server/live-workers.test.ts', // SQLite's workers relay live events (PostgreSQL: tests/pg/live-nodes)
  'tests/server/demo.test.ts', // a SQLite file started twice (PostgreSQL: tests/pg/two-nodes)
  'tests/server/config.test.ts', // no database at all
  'tests/server/mail-config.test.ts', // no database at all
  'tests/server/mail-templates.test.ts', // no database at all
  'tests/media/**', // picture processing and file storage: no database at all
  'tests/domain/**',
  'tests/client/**',
];

export default defineConfig({
  test: {
    root: '.',
    globalSetup: ['tests/pg/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'postgres', include: ['tests/pg/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'suite on postgres',
          include: ['tests/{rest,trpc,server,domain,client}/**/*.test.ts'],
          exclude: sqliteItself,
          env: { REALM_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
