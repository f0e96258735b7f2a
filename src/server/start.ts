import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { runSeed } from '../../seed/seed.js';
import { buildApp, type AppOptions } from './app.js';
import type { Config } from './config.js';
import { hasDemoMember } from './domain/instance-settings.js';
import { memoryInUse } from './memory-budget.js';
import { looseFileModes } from './store/sqlite/file-modes.js';
import { openStore } from './store/open.js';

/**
 * Opens the database (migrating it; loading the demo when asked and missing) and settles the token secret.
 * `warnings` name data files that others than their owner can read (files made before Realm created them
 * owner-only).
 */
export async function prepareDatabase(config: Config) {
  const store = await openStore(config);
  // Nodes starting together on one PostgreSQL: one of them loads the demo, the others find it there.
  if (config.demo) {
    await store.exclusively(async () => {
      if (!(await hasDemoMember(store))) await runSeed(store);
    });
  }
  const jwtSecret = await store.tokenSecret(config.jwtSecret);
  return { store, jwtSecret, warnings: config.databaseUrl ? [] : looseFileModes(config.dbPath) };
}

/**
 * Prepares the database and builds the app around it. Shared by `npm start` and `npm run dev`; closing the
 * app closes the database.
 */
export async function startApp(
  config: Config,
  options: Pick<AppOptions, 'serveBuiltClient' | 'contentSecurityPolicy' | 'prettyLogs'> = {},
) {
  const { store, jwtSecret, warnings } = await prepareDatabase(config);
  const app = await buildApp({ config: { ...config, jwtSecret }, store, ...options });
  app.addHook('onClose', () => store.close());
  app.log.info(memoryInUse(config), 'memory budget');
  // With REALM_WORKERS the primary process has said it once already (cluster.ts).
  if (cluster.isPrimary) for (const warning of warnings) app.log.warn(`Data readable by others: ${warning}`);
  return app;
}

/**
 * SIGINT / SIGTERM: stop accepting, let in-flight requests finish, close the database, exit 0. A second
 * signal (Ctrl-C reaches a cluster worker from the terminal and from the primary) must not cut that short.
 */
/** How long requests in flight may take to finish once a shutdown begins. */
const shutdownGraceMs = 5000;

export function closeOnSignals(app: FastifyInstance) {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // close() ends the connections idle at that moment; one still streaming a response (the legacy post
      // lists stream) would then stay open in keep-alive after its response ends, and close() never return.
      setInterval(() => app.server.closeIdleConnections(), 50).unref();
      // A client may keep a connection open that the server cannot tell is idle (seen with an event stream's
      // fetch aborted on a kept-alive connection under load): after a grace period every connection goes, so
      // a shutdown is bounded whatever the clients do.
      setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
