import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { paths } from '../../src/server/paths.js';
import { startTestPostgres } from '../helpers/postgres.js';

/**
 * Builds the checkout's program once (dist/server/realm.cjs and the client it serves) unless REALM_BINARY
 * names a single executable to test. In its own process, without vitest's NODE_ENV of "test", which would
 * give the client React's development build. With REALM_TEST_ENGINE=postgres (`npm run test:pg`), also
 * starts the PostgreSQL whose empty databases the programs under test serve.
 */
export default async function setup(project: TestProject) {
  if (!process.env.REALM_BINARY) {
    const { NODE_ENV: _ignored, ...env } = process.env;
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
      cwd: paths.root,
      env,
      stdio: 'inherit',
    });
  }
  if (process.env.REALM_TEST_ENGINE !== 'postgres') return;
  const postgres = await startTestPostgres();
  project.provide('postgresAdminUrl', postgres.adminUrl);
  return () => postgres.stop();
}
