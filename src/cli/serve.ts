import cluster from 'node:cluster';
import { runWorkers } from '../server/cluster.js';
import { restartWithHeap } from '../server/memory-budget.js';
import { unpackRuntime } from '../server/paths.js';
import { closeOnSignals, startApp } from '../server/start.js';
import { dataHelp, UsageError, type Command } from './command.js';
import { configFrom, dataFolderOf } from './instance.js';
import { holdPidFile } from './pid-file.js';

export const serve: Command = {
  name: 'serve',
  summary: 'serve the instance (the default command)',
  usage: '[--port PORT] [--host HOST] [--data DIR] [--memory-budget MB] [--demo]',
  details: `Creates the data folder, migrates the database and serves the web app and the API.
The environment variables (docs/configuration.md) keep working; these flags win over them.

  --port PORT       port to listen on (PORT, default 3000)
  --host HOST       address to listen on (HOST, default 127.0.0.1)
${dataHelp}
  --memory-budget MB
                    what the server may take, all its processes together
                    (REALM_MEMORY_BUDGET, default 256 for each worker)
  --demo            load the demo members and posts if missing (REALM_DEMO=1)`,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    'memory-budget': { type: 'string' },
    demo: { type: 'boolean' },
  },
  positionals: [],
  async run(parsed) {
    const { port, host, demo, 'memory-budget': memoryBudget } = parsed.values;
    if (port !== undefined && !(/^\d+$/.test(String(port)) && Number(port) <= 65535)) {
      throw new UsageError(`--port must be a number from 0 to 65535, not "${port}"`);
    }
    const env = { ...process.env };
    if (port !== undefined) env.PORT = String(port);
    if (host !== undefined) env.HOST = String(host);
    if (demo) env.REALM_DEMO = '1';
    if (memoryBudget !== undefined) env.REALM_MEMORY_BUDGET = String(memoryBudget);
    const config = configFrom(parsed, env);
    // Before anything opens: the one serving process starts again with the budget's heap (memory-budget.ts).
    if (config.workers === 1 && cluster.isPrimary) restartWithHeap(config.memory);
    unpackRuntime(dataFolderOf(config));
    // Marked before the database opens, so that `realm restore` never swaps it under a starting server. The
    // primary process holds the mark for its workers.
    if (config.dbPath !== ':memory:' && cluster.isPrimary) holdPidFile(dataFolderOf(config));
    if (config.workers > 1 && cluster.isPrimary) {
      // The primary exits when its workers have (cluster.ts).
      return runWorkers(config);
    }
    const app = await startApp(config);
    closeOnSignals(app);
    await app.listen({ port: config.port, host: config.host });
  },
};
