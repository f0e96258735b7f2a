import { execFileSync } from 'node:child_process';
import { paths } from '../../src/server/paths.js';

/**
 * Builds the checkout's program once (dist/server/realm.cjs and the client it serves) unless REALM_BINARY
 * names a single executable to test. In its own process, without vitest's NODE_ENV of "test", which would
 * give the client React's development build.
 */
export default function setup() {
  if (process.env.REALM_BINARY) return;
  const { NODE_ENV: _ignored, ...env } = process.env;
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: paths.root,
    env,
    stdio: 'inherit',
  });
}
