import { defineConfig } from 'vitest/config';

// The Mastodon client libraries (masto.js, megalodon) against a real Realm: the compiled program as
// `npm start` runs it (built first, or REALM_BINARY), an empty data folder, Debian's Chromium for the consent
// screen. One file at a time: each starts its own instance and browser.
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/clients/**/*.test.ts'],
    globalSetup: ['tests/contract/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
