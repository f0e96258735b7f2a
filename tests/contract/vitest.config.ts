import { defineConfig } from 'vitest/config';

// The REST contract over HTTP only: each file starts the compiled program (or REALM_BINARY) in an empty
// temporary folder with --demo, so the same tests run against the single executable.
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/contract/**/*.test.ts'],
    globalSetup: ['tests/contract/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
