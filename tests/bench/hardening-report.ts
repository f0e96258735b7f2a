import type { LoadResult, LoadRow } from './anonymous-load.js';
import type { FeedStats } from './feed.js';
import { megabytes, roundMs, type Probe } from './http-probe.js';
import type { LoopDelay } from './loop-delay-preload.js';

// The hardening targets: no request can stall an instance.
export const targets = {
  maxBytes: 5_000_000,
  maxMs: 1000,
  maxLoopDelayMs: 100,
  feedP99Ms: 50,
  /** Under the starvation scenario, for a new connection (starvation-report.ts). */
  healthzP99Ms: 200,
  loginP99Ms: 200,
};

/** The anonymous flood: the heaviest answers one at a time, then 32 in flight while a member reads. */
export type FloodMeasurements = {
  sequential: { name: string; result: Probe }[];
  load: LoadResult;
  feedAlone: FeedStats;
  feedUnderLoad: FeedStats;
};

export type ProcessMeasurements = {
  loopDelays: LoopDelay[];
  /** How many server processes there are: one, or the cluster's primary and its workers. */
  processes: number;
  /** How the server ended: SIGTERM's graceful shutdown, SIGKILL 30 s later, or on its own during the run. */
  stopped: 'stopped' | 'killed' | 'crashed';
};

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

const countOf = (row: LoadRow, test: (status: number) => boolean) =>
  Object.entries(row.statuses).reduce((sum, [status, n]) => sum + (test(Number(status)) ? n : 0), 0);

/** What is wrong with the largest and slowest of some answers, if anything. */
function sizeAndTime(bytes: number, ms: number): string[] {
  const problems = [];
  if (bytes > targets.maxBytes) problems.push(`${megabytes(bytes)} MB (over 5 MB)`);
  if (ms > targets.maxMs) problems.push(`${roundMs(ms)} ms (over ${targets.maxMs} ms)`);
  return problems;
}

/** Prints the flood's tables and returns one line per request that missed a target (none: all met). */
export function reportFlood(m: FloodMeasurements): string[] {
  const misses: string[] = [];
  const miss = (name: string, problems: string[]) => {
    if (problems.length > 0) misses.push(`${name}: ${problems.join('; ')}`);
  };

  console.log('\nThe heaviest answers, one request at a time (MB: the body after decompression):');
  console.table(
    m.sequential.map(({ name, result }) => ({
      request: name,
      status: result.error ? `error: ${result.error}` : result.status,
      MB: megabytes(result.bytes),
      ms: roundMs(result.ms),
    })),
  );
  for (const { name, result } of m.sequential) {
    const problems = sizeAndTime(result.bytes, result.ms);
    if (result.error) problems.push(result.error);
    else if (result.status >= 500) problems.push(`answered ${result.status}`);
    else if (result.status >= 400)
      problems.push(`answered ${result.status}, not measured: ${result.head ?? ''}`);
    miss(name, problems);
  }

  const { load } = m;
  const done = load.rows.reduce((sum, row) => sum + row.requests, 0);
  console.log(
    `\nAnonymous load, always 32 requests in flight: ${done} in ${load.seconds.toFixed(1)} s ` +
      `(${Math.round(done / load.seconds)} req/s)`,
  );
  console.table(
    load.rows.map((row) => ({
      request: row.name + (row.cursor ? ' ?before=' : ''),
      requests: row.requests,
      statuses: statusText(row.statuses),
      maxMB: megabytes(row.maxBytes),
      maxMs: roundMs(row.maxMs),
    })),
  );
  // A 503 is the server shedding reads of long lists it cannot build in time (rest/list-answer.ts): a quick,
  // bounded answer with Retry-After, counted apart. Any other 5xx, or no whole answer, is a miss.
  let shed = 0;
  for (const row of load.rows) {
    const problems = sizeAndTime(row.maxBytes, row.maxMs);
    const failed = (row.statuses.error ?? 0) + countOf(row, (status) => status >= 500 && status !== 503);
    const refused = countOf(row, (status) => status >= 400 && status < 500);
    shed += countOf(row, (status) => status === 503);
    if (failed > 0) problems.push(`${failed} answered 5xx or not in full (${row.example ?? ''})`);
    if (refused > 0) problems.push(`${refused} answered 4xx (${row.example ?? ''})`);
    miss(`under load, ${row.name}${row.cursor ? ' ?before=' : ''}`, problems);
  }
  console.log(
    `Shed with 503 and Retry-After (long lists the server could not build in time): ${shed} of ${done}`,
  );

  console.log(
    "\nThe follower's home feed (tRPC posts.feed, latest; 4 connections), alone and under the load:",
  );
  const feedRow = (phase: string, f: FeedStats) => ({ phase, ...f, statuses: statusText(f.statuses) });
  console.table([feedRow('alone', m.feedAlone), feedRow('under load', m.feedUnderLoad)]);
  const feed = m.feedUnderLoad;
  const feedProblems = [];
  if (feed.requests === 0) feedProblems.push('no read completed');
  else if (feed.p99 >= targets.feedP99Ms) feedProblems.push(`p99 ${feed.p99} ms (not under 50 ms)`);
  if (feed.errors > 0) feedProblems.push(`${feed.errors} errors (${feed.example ?? ''})`);
  miss('home feed under load', feedProblems);
  if (m.feedAlone.errors > 0)
    misses.push(`home feed alone: ${m.feedAlone.errors} errors (${m.feedAlone.example})`);

  return misses;
}

/** Prints each server process's event-loop delay and returns the misses of the processes. */
export function reportProcesses(m: ProcessMeasurements): string[] {
  const misses: string[] = [];
  console.log(
    '\nEvent-loop delay of each server process, from listening to SIGTERM (an idle loop shows ~10 ms):',
  );
  console.table(
    m.loopDelays.map(({ pid, role, final, seconds, maxMs, p99Ms, meanMs, feedInServer }) => ({
      pid,
      role: final ? role : `${role} (killed: its last snapshot)`,
      seconds,
      maxMs,
      p99Ms,
      meanMs,
      // The feed's requests from parsed to answered in this process, alone and under load together.
      feedInServer: `${feedInServer.count} requests, p50 ${feedInServer.p50Ms} / p99 ${feedInServer.p99Ms} ms`,
    })),
  );
  if (m.loopDelays.length < m.processes)
    misses.push(
      `event loop: only ${m.loopDelays.length} of ${m.processes} server processes reported a delay`,
    );
  for (const delay of m.loopDelays) {
    const name = `event loop of the ${delay.role} (pid ${delay.pid})`;
    if (!delay.measured) misses.push(`${name}: never listened, nothing measured`);
    else if (delay.maxMs > targets.maxLoopDelayMs)
      misses.push(`${name}: stalled ${delay.maxMs} ms (over 100 ms)`);
  }

  if (m.stopped === 'killed') misses.push('the server did not shut down within 30 s of SIGTERM: killed');
  if (m.stopped === 'crashed') misses.push('the server exited during the run (see its output above)');
  return misses;
}
