import { execFileSync } from 'node:child_process';
import { paths } from '../../src/server/paths.js';

/**
 * The browser tests run against a fresh production build (client and compiled server), or against the
 * single executable named by REALM_BINARY, which carries its own. The build runs in its own process:
 * inside vitest NODE_ENV is "test", and Vite would bundle React's development build.
 */
export default function setup() {
  if (process.env.REALM_BINARY) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: paths.root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}
