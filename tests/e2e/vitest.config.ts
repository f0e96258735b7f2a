import { defineConfig } from 'vitest/config';

// Browser tests: the built client, the real server process, Debian's Chromium. One file at a time.
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
