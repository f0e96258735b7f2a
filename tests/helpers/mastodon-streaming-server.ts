import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { listening } from './event-stream.js';
import { appToken } from './mastodon-token.js';
import { makeTestApp, testConfig, type TestApp } from './test-app.js';

/**
 * For the streaming API's tests: before each test, a test app and, on the same database, a listening server
 * whose heartbeat is short (so a revoked token ends a stream quickly); after it, the streams the test kept
 * are closed, then the server and the app. Read `t` and `base` inside tests (they change with each one).
 * `config` is the listening server's over the test config (the limits on clients are off there).
 */
export function useStreamingServer(config: Partial<Config> = {}) {
  let t: TestApp;
  let server: FastifyInstance;
  let base: string;
  const kept: { close(): void }[] = [];
  beforeEach(async () => {
    t = await makeTestApp();
    server = await buildApp({
      config: { ...testConfig, ...config },
      store: t.store,
      logger: false,
      serveBuiltClient: false,
      live: { heartbeatMs: 100 },
    });
    base = await listening(server);
  });
  afterEach(async () => {
    kept.splice(0).forEach((stream) => stream.close());
    await server.close();
    await t.close();
  });
  return {
    get t() {
      return t;
    },
    get base() {
      return base;
    },
    /** A stream closed after the test. */
    keep<Stream extends { close(): void }>(stream: Stream): Stream {
      kept.push(stream);
      return stream;
    },
    /** A new member with an app's token (`app`) granting `scopes`. */
    async member(scopes = 'read write follow') {
      const m = await t.member();
      return { ...m, app: await appToken(t.app, m.token, scopes) };
    },
  };
}
