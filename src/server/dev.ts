import middie from '@fastify/middie';
import { createServer } from 'vite';
import { ConfigError, loadConfig } from './config.js';
import { closeOnSignals, startApp } from './start.js';

// `npm run dev`: one process, one port. Fastify serves /api and /trpc; Vite (middleware mode) serves the
// client with hot reload, and its index.html for every client route.
try {
  // A checkout's development server is the demo: its members and posts are loaded.
  const config = { ...loadConfig(), demo: true };
  const app = await startApp(config, {
    serveBuiltClient: false,
    contentSecurityPolicy: false,
    prettyLogs: true,
  });
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'spa' });
  await app.register(middie);
  app.use((req, res, next) =>
    /^\/(api|trpc|healthz|pictures|events)(\/|$)/.test(req.url ?? '')
      ? next()
      : vite.middlewares(req, res, next),
  );
  app.addHook('onClose', () => vite.close());
  closeOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
