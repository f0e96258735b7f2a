import { defineConfig } from 'vitest/config';

// `npm run test:pg`: the PostgreSQL engine's tests, on a throwaway PostgreSQL (or REALM_TEST_PG_URL).
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/pg/**/*.test.ts'],
    globalSetup: ['tests/pg/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
