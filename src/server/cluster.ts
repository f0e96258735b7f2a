import cluster from 'node:cluster';
import type { Config } from './config.js';
import { withHeapOptions } from './memory-budget.js';
import { prepareDatabase } from './start.js';
import { forwardLiveEventsBetweenWorkers } from './store/sqlite/cluster-relay.js';

/**
 * REALM_WORKERS > 1: better-sqlite3 is synchronous, so one process uses one core. This primary process
 * migrates and seeds the database and settles the token secret once, then forks workers that share the port
 * (the primary hands each connection to one of them) and the database file (WAL lets them read at once;
 * writes take turns, each an IMMEDIATE transaction). A worker that dies is replaced; one that dies before it
 * could listen stops the server, because the next one would too. SIGINT / SIGTERM reach every worker,
 * which finish their requests and close; the primary exits when they all have. The live events a worker
 * commits pass through here to the others (SQLite; on PostgreSQL each worker LISTENs for itself).
 */
export async function runWorkers(config: Config): Promise<void> {
  const { store, warnings } = await prepareDatabase(config);
  await store.close();
  for (const warning of warnings) console.warn(`Data readable by others: ${warning}`);

  let stopping = false;
  let failed = false;
  const listening = new Set<number>();
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  if (!config.databaseUrl) forwardLiveEventsBetweenWorkers();
  // Each worker starts with its share of the memory budget as its heap's limits (memory-budget.ts).
  const fork = () => cluster.fork(withHeapOptions(config.memory, process.env));
  for (let i = 0; i < config.workers; i++) fork();
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && listening.has(worker.id)) {
      console.error(`Worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`);
      fork();
      return;
    }
    if (code !== 0) failed = true;
    if (!stopping) stop('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
