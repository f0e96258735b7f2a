import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { paths } from '../../src/server/paths.js';
import { chooseFixtures, trpcQuery } from './scenarios.js';
import { startBenchServer, type BenchServer } from './server.js';

// `npm run bench:open-loop -- --db <a generated instance> [--rates 250,500,1000,2000] [--duration 10]
//   [--workers 1] [--scenarios home,explore,writes] [--root <another checkout>]`
//
// Requests sent on a fixed schedule, whatever the server does: request i of a rate R leaves at i/R seconds,
// and its latency counts from then, not from when a connection was free. A closed loop (autocannon, `npm run
// bench`) waits for an answer before sending again, so a slow server is asked less and its queue never shows
// in the figures; here it does, as it does for members arriving at their own pace. Each rate reports p50,
// p99 and p99.9, the rate achieved and the errors (docs/performance.md, "At a steady rate"). Scenarios: the
// Latest home feeds of a thousand members in turn (`home`), explore as the same members, and `npm run
// bench`'s write mix.
const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    rates: { type: 'string', default: '250,500,1000,2000' },
    duration: { type: 'string', default: '10' },
    workers: { type: 'string', default: '1' },
    scenarios: { type: 'string', default: 'home,explore,writes' },
    root: { type: 'string' },
  },
});
if (!values.db) throw new Error('--db names a generated instance (npm run bench makes one in data/bench)');
const dbFile = values.db;
const rates = values.rates.split(',').map(Number);
const duration = Number(values.duration);
const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';

/** Connections the load opens at most. A request that finds them all busy waits for one, and that wait counts. */
const maxSockets = 256;
/** An answer later than this is an error (and the request is dropped from the latency figures). */
const timeoutMs = 10_000;

type Call = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
type Result = {
  rate: number;
  sent: number;
  ok: number;
  errors: number;
  /** The errors by status, 0 for no answer (refused, reset or timed out). */
  errorStatuses: Record<number, number>;
  achieved: number;
} & Record<'p50' | 'p99' | 'p999' | 'max', number>;

const agent = new Agent({ keepAlive: true, maxSockets });

function send(origin: URL, call: Call): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: call.method,
        path: call.path,
        headers: call.headers,
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', () => resolve(0));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy());
    req.once('error', () => resolve(0));
    req.end(call.body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `rate` requests a second for `seconds`, each sent at its own scheduled time; `next` gives request i. */
async function openLoop(
  origin: URL,
  rate: number,
  seconds: number,
  next: (i: number) => Call,
): Promise<Result> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let errors = 0;
  const errorStatuses: Record<number, number> = {};
  const start = performance.now();
  let i = 0;
  while (i < total) {
    const now = performance.now();
    // Everything due by now goes out, each timed from its own scheduled instant.
    while (i < total && start + (i * 1000) / rate <= now) {
      const scheduled = start + (i * 1000) / rate;
      pending.push(
        send(origin, next(i)).then((status) => {
          if (status >= 200 && status < 300) latencies.push(performance.now() - scheduled);
          else {
            errors++;
            errorStatuses[status] = (errorStatuses[status] ?? 0) + 1;
          }
        }),
      );
      i++;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rate,
    sent: total,
    ok: latencies.length,
    errors,
    errorStatuses,
    achieved: Math.round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    p999: round(percentile(latencies, 99.9)),
    max: round(latencies.at(-1) ?? NaN),
  };
}

async function main() {
  const fixtures = chooseFixtures(dbFile, 200);
  const keys = createTokenKeys(secret);
  // Readers are many members, as on an instance: one member asking a thousand times a second would meet the
  // fair share (four of a member's requests at once, src/server/fair-share.ts) instead of the server's limits.
  const readers = await Promise.all(
    fixtures.readers.map((r) => keys.sign({ _id: r.id, username: r.username })),
  );
  const writers = await Promise.all(
    fixtures.writers.map((w) => keys.sign({ _id: w.id, username: w.username })),
  );
  const get = (path: string, i: number): Call => ({
    method: 'GET',
    path,
    headers: { authorization: readers[i % readers.length]! },
  });
  // The write mix of `npm run bench`: each member cycles like, comment, bookmark, dislike, unbookmark on the
  // hot post; the requests go round the 200 members, so a member's next step is 200 requests later. One
  // count across warm-up and rates keeps every member's cycle in order, so every step is allowed.
  let writeCount = 0;
  const steps = [
    ['posts.like', {}],
    ['comments.add', { text: 'A benchmark comment' }],
    ['bookmarks.add', {}],
    ['posts.dislike', {}],
    ['bookmarks.remove', {}],
  ] as const;
  const write = (): Call => {
    const i = writeCount++;
    const [procedure, extra] = steps[Math.floor(i / writers.length) % steps.length]!;
    return {
      method: 'POST',
      path: `/trpc/${procedure}`,
      headers: { authorization: writers[i % writers.length]!, 'content-type': 'application/json' },
      body: JSON.stringify({ postId: fixtures.hotPost, ...extra }),
    };
  };
  const scenarios: Record<string, (i: number) => Call> = {
    home: (i) => get(trpcQuery('posts.feed', { mode: 'latest' }), i),
    explore: (i) => get(trpcQuery('posts.explore', {}), i),
    writes: write,
  };
  const chosen = values.scenarios.split(',');
  for (const name of chosen) if (!scenarios[name]) throw new Error(`unknown scenario ${name}`);

  const runFile = `${dbFile}.open-loop`;
  const removeRun = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(runFile + suffix, { force: true });
  };
  const report: Record<string, Result[]> = {};
  let server: BenchServer | null = null;
  try {
    removeRun();
    copyFileSync(dbFile, runFile);
    // The load stands for many members on one address: the cap on one address's connections is lifted.
    const env = {
      REALM_JWT_SECRET: secret,
      REALM_DB: runFile,
      REALM_WORKERS: values.workers,
      REALM_CONNECTIONS_PER_ADDRESS: '100000',
    };
    server = await startBenchServer(env, [], values.root ?? paths.root);
    const origin = new URL(server.url);
    console.log(`open loop, ${values.workers} worker(s), ${duration} s a rate`);
    for (const name of chosen) {
      // Two unrecorded seconds at the lowest rate warm the server (JIT, the database's caches).
      await openLoop(origin, rates[0]!, 2, scenarios[name]!);
      report[name] = [];
      for (const rate of rates) {
        const result = await openLoop(origin, rate, duration, scenarios[name]!);
        report[name].push(result);
        console.log(
          `  ${name} at ${rate}/s: achieved ${result.achieved}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
            `p99.9 ${result.p999} ms, max ${result.max} ms, errors ${result.errors}` +
            (result.errors > 0 ? ` ${JSON.stringify(result.errorStatuses)}` : ''),
        );
        // A second's pause, so the next rate does not start behind this one's queue.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    const peakMemoryMb = server.peakMemoryMb();
    console.log(`peak private memory ${peakMemoryMb} MB`);
    const out = join(paths.root, 'data', 'bench', `open-loop-${values.workers}.json`);
    mkdirSync(join(paths.root, 'data', 'bench'), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify({ duration, workers: values.workers, peakMemoryMb, report }, null, 2) + '\n',
    );
    console.log(`Wrote ${out}`);
  } finally {
    await server?.stop();
    agent.destroy();
    removeRun();
  }
}

await main();
