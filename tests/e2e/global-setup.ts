import { execFileSync } from 'node:child_process';
import { paths } from '../../src/server/paths.js';

/**
 * The browser tests run against a fresh production build of the client. It is built in its own process:
 * inside vitest NODE_ENV is "test", and Vite would bundle React's development build.
 */
export default function setup() {
  execFileSync(
    process.execPath,
    [`${paths.root}/node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'warn'],
    {
      cwd: paths.root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
}
