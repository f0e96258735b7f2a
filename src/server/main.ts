import cluster from 'node:cluster';
import { runWorkers } from './cluster.js';
import { ConfigError, loadConfig } from './config.js';
import { closeOnSignals, startApp } from './start.js';

try {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    await runWorkers(config);
  } else {
    const app = await startApp(config);
    closeOnSignals(app);
    await app.listen({ port: config.port, host: config.host });
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
