import { startBenchChild } from './bench-child.js';

// A member reading the home feed at a steady rate, from a process of its own: the anonymous load's
// megabytes are read (and un-gzipped) on the bench's event loop, whose delays must not count as the feed's.

export type FeedOptions = {
  url: string;
  token: string;
  connections: number;
  /** Each connection sends its next request this long after the last one started (or when it ends). */
  intervalMs: number;
  /** Requests in the first seconds are not recorded. */
  warmUpSeconds: number;
  seconds: number;
  timeoutMs: number;
};

export type FeedStats = {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  example?: string;
};

/** The nearest-rank percentile of sorted values. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Starts the reader's process and resolves once it is ready; `run()` then reads for `seconds` and resolves
 * with its figures.
 */
export async function startFeedReader(options: FeedOptions): Promise<{ run(): Promise<FeedStats> }> {
  const { child, next } = await startBenchChild(new URL('./feed-process.ts', import.meta.url), 'feed reader');
  return {
    run: async () => {
      child.send(options);
      return next<FeedStats>();
    },
  };
}
