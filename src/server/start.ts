import type { FastifyInstance } from 'fastify';
import { isEmpty, runSeed } from '../../seed/seed.js';
import { buildApp, type AppOptions } from './app.js';
import type { Config } from './config.js';
import { closeDatabase, openDatabase } from './db/client.js';
import { resolveJwtSecret } from './domain/tokens.js';

/** Opens the database (migrating it, seeding it when empty) and settles the token secret. */
export async function prepareDatabase(config: Config) {
  const db = openDatabase(config.dbPath);
  if (isEmpty(db)) await runSeed(db);
  return { db, jwtSecret: resolveJwtSecret(config.jwtSecret, config.dbPath) };
}

/**
 * Prepares the database and builds the app around it. Shared by `npm start` and `npm run dev`; closing the
 * app closes the database.
 */
export async function startApp(
  config: Config,
  options: Pick<AppOptions, 'serveBuiltClient' | 'contentSecurityPolicy'> = {},
) {
  const { db, jwtSecret } = await prepareDatabase(config);
  const app = await buildApp({ config: { ...config, jwtSecret }, db, ...options });
  app.addHook('onClose', () => closeDatabase(db));
  return app;
}

/**
 * SIGINT / SIGTERM: stop accepting, let in-flight requests finish, close the database, exit 0. A second
 * signal (Ctrl-C reaches a cluster worker from the terminal and from the primary) must not cut that short.
 */
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
