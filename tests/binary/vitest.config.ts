import { defineConfig } from 'vitest/config';

// The single executable's tests (tests/binary): REALM_BINARY names it, e.g. after `npm run package`
// REALM_BINARY=release/realm-0.1.0-linux-x64 npm run test:binary. A first start unpacks its files.
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/binary/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
