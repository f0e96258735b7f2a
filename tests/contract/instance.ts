import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { emptyDatabase } from '../helpers/postgres.js';
import { startRealm, type RealmServer } from '../helpers/realm-program.js';
import { httpClient, type Client } from './client.js';

/**
 * One Realm for the test file: `realm serve --demo` in a fresh temporary folder, the compiled program or the
 * single executable named by REALM_BINARY, stopped (it must exit 0 on SIGTERM) and removed after the file.
 * With REALM_TEST_ENGINE=postgres it serves a new, empty PostgreSQL database instead (REALM_DATABASE_URL),
 * which it migrates and loads the demo into as a first node does. Tests share it, so each one signs up its
 * own members and writes its own posts.
 */
export function useRealm(env: Record<string, string> = {}): Client & { url: () => string } {
  let server: RealmServer | undefined;
  let folder: string | undefined;
  const url = () => {
    if (!server) throw new Error('Realm has not started: call useRealm() at the top of the test file.');
    return server.url;
  };
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'realm-contract-'));
    const database: Record<string, string> =
      process.env.REALM_TEST_ENGINE === 'postgres'
        ? { REALM_DATABASE_URL: await emptyDatabase(inject('postgresAdminUrl')) }
        : {};
    server = await startRealm(['--demo', '--data', join(folder, 'data')], {
      kind: 'compiled',
      cwd: folder,
      env: { REALM_RATE_LIMIT: 'off', ...database, ...env },
    });
  });
  afterAll(async () => {
    try {
      if (server) expect(await server.stop(), server.output().slice(-2000)).toBe(0);
    } finally {
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  });
  return { ...httpClient(url), url };
}
