import { percentile, type FeedOptions, type FeedStats } from './feed.js';

// The feed reader of `npm run bench:hardening` (see feed.ts): forked with an IPC channel, it waits for its
// options, reads, sends its figures back and exits.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function read(o: FeedOptions): Promise<FeedStats> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let example: string | undefined;
  const recordFrom = performance.now() + o.warmUpSeconds * 1000;
  const end = recordFrom + o.seconds * 1000;
  const connection = async (offset: number) => {
    await sleep(offset); // spread the connections over the interval: a steady rate, not bursts
    while (performance.now() < end) {
      const started = performance.now();
      let status = 'error';
      let failure: string | undefined;
      try {
        const response = await fetch(o.url, {
          headers: { authorization: o.token },
          signal: AbortSignal.timeout(o.timeoutMs),
        });
        const body = await response.text();
        status = String(response.status);
        if (response.status !== 200) failure = `${status} ${body.slice(0, 200)}`;
      } catch (error) {
        failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      const ms = performance.now() - started;
      if (started >= recordFrom) {
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (failure) {
          errors += 1;
          example ??= failure;
        }
      }
      await sleep(Math.max(0, o.intervalMs - ms));
    }
  };
  await Promise.all(
    Array.from({ length: o.connections }, (_, i) => connection((i * o.intervalMs) / o.connections)),
  );
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: latencies.length,
    errors,
    statuses,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    ...(example && { example }),
  };
}

process.once('message', (options: FeedOptions) => {
  read(options).then(
    (stats) => process.send!(stats, () => process.disconnect()),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.send!('ready');
