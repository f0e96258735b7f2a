import type { HeavyRead } from './hardening-fixtures.js';
import { probe, type Probe } from './http-probe.js';

export type LoadRow = {
  name: string;
  /** Whether its requests carried `?before=<a random id>`: a page no cache holds. */
  cursor: boolean;
  requests: number;
  /** Count per status code; `error` for a request that got no whole answer. */
  statuses: Record<string, number>;
  maxBytes: number;
  maxMs: number;
  /** The first refusal or failure, to say why. */
  example?: string;
};

export type LoadResult = { seconds: number; requests: number; rows: LoadRow[] };

export type LoadOptions = { inFlight: number; seconds: number; timeoutMs: number; maxRequests: number };

/**
 * An anonymous client keeping exactly `inFlight` requests in flight for `seconds` (each of its workers sends
 * the next request when its last answer has fully arrived), cycling over the heavy reads: every other round
 * with `?before=`. Bounded: it starts no request after `seconds` or after `maxRequests`, and each request
 * gives up after `timeoutMs`.
 */
export async function anonymousLoad(baseUrl: string, reads: HeavyRead[], options: LoadOptions) {
  const rows = new Map<string, LoadRow>();
  const record = (read: HeavyRead, cursor: boolean, result: Probe) => {
    const key = `${read.name}${cursor ? ' ?before' : ''}`;
    let row = rows.get(key);
    if (!row) {
      row = { name: read.name, cursor, requests: 0, statuses: {}, maxBytes: 0, maxMs: 0 };
      rows.set(key, row);
    }
    row.requests += 1;
    const status = result.error ? 'error' : String(result.status);
    row.statuses[status] = (row.statuses[status] ?? 0) + 1;
    row.maxBytes = Math.max(row.maxBytes, result.bytes);
    row.maxMs = Math.max(row.maxMs, result.ms);
    if (!row.example && (result.error || result.status >= 400)) {
      row.example = `${result.status || ''} ${result.error ?? result.head ?? ''}`.trim().slice(0, 200);
    }
  };

  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let sent = 0;
  const worker = async () => {
    while (performance.now() < deadline && sent < options.maxRequests) {
      const n = sent++;
      const read = reads[n % reads.length]!;
      const cursor = Math.floor(n / reads.length) % 2 === 1;
      const before = read.cursors[Math.floor(Math.random() * read.cursors.length)];
      const path = cursor && before ? `${read.path}?before=${encodeURIComponent(before)}` : read.path;
      const result = await probe(
        baseUrl + path,
        { headers: { 'accept-encoding': 'identity' } },
        options.timeoutMs,
      );
      record(read, cursor, result);
      // Refused connections (a server that has died) would otherwise spin this loop.
      if (result.status === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, worker));
  // In the order of the reads, each without and then with a cursor.
  const order = (row: LoadRow) => reads.findIndex((read) => read.name === row.name) * 2 + Number(row.cursor);
  return {
    seconds: (performance.now() - started) / 1000,
    requests: sent,
    rows: [...rows.values()].sort((a, b) => order(a) - order(b)),
  } satisfies LoadResult;
}
