import cluster from 'node:cluster';
import { subscribe } from 'node:diagnostics_channel';
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// `node --import tsx --import ./tests/bench/loop-delay-preload.ts src/cli/entry.ts serve`, for
// `npm run bench:hardening`: measures this process's event-loop delay from the moment it listens
// (start-up, migrations and compiling are not requests) until it is asked to stop (closing the database is
// not either), and writes it to `$BENCH_LOOP_DELAY_FILE-<pid>.json`: every second, and finally on SIGTERM or
// exit (a process killed in a stall still leaves what it measured until then). Cluster workers inherit the
// flag, so every process of the server writes its own file. Without the variable it does nothing.
const prefix = process.env.BENCH_LOOP_DELAY_FILE;

export type LoopDelay = {
  pid: number;
  /** `server`: the one process (REALM_WORKERS=1); otherwise the cluster's primary or one of its workers. */
  role: 'server' | 'primary' | 'worker';
  /** False if the process never listened: nothing was measured. */
  measured: boolean;
  /** False: the last of the every-second snapshots, the process did not get to write its final one. */
  final: boolean;
  seconds: number;
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  /**
   * The home feed's requests as this process saw them, from parsed to answered (alone and under load
   * together): what the feed's time at the client holds beyond this was spent outside the server.
   */
  feedInServer: { count: number; p50Ms: number; p99Ms: number };
};

if (prefix) {
  const resolution = 10;
  const histogram = monitorEventLoopDelay({ resolution });
  let startedAt: number | undefined;
  let final = false;
  let forked = false;
  cluster.on('fork', () => (forked = true));
  const start = () => {
    if (startedAt !== undefined) return;
    startedAt = performance.now();
    histogram.enable();
  };
  // Fired when a server of this process (or, in the cluster's primary, its shared handle) is listening.
  subscribe('tracing:net.server.listen:asyncEnd', start);

  const feedStarts = new WeakMap<object, number>();
  const feedTimes: number[] = [];
  type HttpMessage = { request: { url?: string } };
  subscribe('http.server.request.start', (message) => {
    const { request } = message as HttpMessage;
    if (request.url?.includes('posts.feed')) feedStarts.set(request, performance.now());
  });
  subscribe('http.server.response.finish', (message) => {
    const startedAt = feedStarts.get((message as HttpMessage).request);
    if (startedAt !== undefined) feedTimes.push(performance.now() - startedAt);
  });
  const percentile = (sorted: number[], q: number) =>
    Math.round((sorted[Math.floor(q * (sorted.length - 1))] ?? 0) * 10) / 10;

  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const write = (last: boolean) => {
    if (final) return;
    final = last;
    if (last) histogram.disable();
    const measured = startedAt !== undefined && histogram.count > 0;
    const result: LoopDelay = {
      pid: process.pid,
      role: cluster.isWorker ? 'worker' : forked ? 'primary' : 'server',
      measured,
      final,
      seconds: startedAt === undefined ? 0 : Math.round(performance.now() - startedAt) / 1000,
      // The histogram records each whole timer interval, so an idle loop shows about `resolution` ms.
      maxMs: measured ? ms(histogram.max) : 0,
      p99Ms: measured ? ms(histogram.percentile(99)) : 0,
      meanMs: measured ? ms(histogram.mean) : 0,
      feedInServer: (() => {
        const sorted = [...feedTimes].sort((a, b) => a - b);
        return { count: sorted.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
      })(),
    };
    // Renamed into place, so that a process killed while writing never leaves half a file.
    const file = `${prefix}-${process.pid}.json`;
    writeFileSync(`${file}.tmp`, JSON.stringify(result) + '\n');
    renameSync(`${file}.tmp`, file);
  };

  // The server's own handlers run the graceful shutdown; this one only stops the measurement. `once` has
  // removed it by the time it runs: if no other handler is left, the signal is raised again so that it
  // still ends the process as it would have without this file.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      write(true);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
  process.on('exit', () => write(true));
  setInterval(() => write(false), 1000).unref();
}
