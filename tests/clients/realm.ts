import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { httpClient, type Client } from '../contract/client.js';
import { freshName, password, signUp } from '../contract/members.js';
import { emptyDatabase } from '../helpers/postgres.js';
import { startRealm, type RealmServer } from '../helpers/realm-program.js';

export type Instance = Client & {
  /** http://127.0.0.1:PORT, which is also the instance's REALM_PUBLIC_URL. */
  url: () => string;
  /** A new member signed up through Realm's own API, with what the login page asks for. */
  newMember: () => Promise<{ username: string; password: string; realmToken: string }>;
};

/** A free loopback port, picked first so that REALM_PUBLIC_URL can name it before Realm starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * One Realm for the test file, as a self-hoster runs it: `realm serve` (the compiled program `npm start`
 * runs, or REALM_BINARY) without --demo, in a fresh temporary folder, on a free port that REALM_PUBLIC_URL
 * names, its limits on. With REALM_TEST_ENGINE=postgres it serves a new PostgreSQL database instead.
 */
export function useRealm(): Instance {
  let server: RealmServer | undefined;
  let folder: string | undefined;
  let base: string | undefined;
  const url = () => {
    if (!base) throw new Error('Realm has not started: call useRealm() at the top of the test file.');
    return base;
  };
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'realm-clients-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const database: Record<string, string> =
      process.env.REALM_TEST_ENGINE === 'postgres'
        ? { REALM_DATABASE_URL: await emptyDatabase(inject('postgresAdminUrl')) }
        : {};
    server = await startRealm(['--port', String(port), '--data', join(folder, 'data')], {
      kind: 'compiled',
      cwd: folder,
      env: { REALM_PUBLIC_URL: base, ...database },
    });
    expect(server.url).toBe(base);
  });
  afterAll(async () => {
    try {
      if (server) expect(await server.stop(), server.output().slice(-3000)).toBe(0);
    } finally {
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  });
  const api = httpClient(url);
  return {
    ...api,
    url,
    async newMember() {
      // An email as the REST signup's username: the member's handle is made from it (docs/api.md).
      const member = await signUp(api, { username: `${freshName()}@example.com` });
      return { username: member.username, password, realmToken: member.token };
    },
  };
}
