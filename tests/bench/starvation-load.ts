import { Agent } from 'node:http';
import { percentile } from './feed.js';
import { rawRequest, type RawAnswer } from './raw-http.js';

// Heavy reads within every limit (docs/security.md, "The load test"): members each keeping as many requests
// in flight as their fair share answers at once, half of them Mastodon home timelines of 40 statuses and
// half tRPC batches of ten home-feed calls, and signed-out readers, each from an address of its own, each
// with one read in flight.

export type BusyMember = { token: string; bearer: string };

export type KindStats = {
  requests: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
};

export type StarvationLoad = {
  seconds: number;
  home: KindStats;
  batch: KindStats;
  signedOut: KindStats;
};

export type StarvationOptions = {
  members: BusyMember[];
  inFlightPerMember: number;
  /** Signed-out readers; each reads the paths in turn. */
  readers: number;
  readerPaths: string[];
  seconds: number;
  timeoutMs: number;
};

const tenFeedCalls = (() => {
  const calls = Array.from({ length: 10 }, () => 'posts.feed').join(',');
  const input = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { mode: 'latest' }]));
  return `/trpc/${calls}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
})();

export function statsOf(answers: RawAnswer[]): KindStats {
  const statuses: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.error ? 'error' : String(answer.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const round = (value: number) => Math.round(value);
  return {
    requests: answers.length,
    statuses,
    p50: round(percentile(ms, 50)),
    p99: round(percentile(ms, 99)),
    max: round(ms.at(-1) ?? 0),
  };
}

export async function starvationLoad(url: string, o: StarvationOptions): Promise<StarvationLoad> {
  const started = performance.now();
  const deadline = started + o.seconds * 1000;
  const kinds = { home: [] as RawAnswer[], batch: [] as RawAnswer[], signedOut: [] as RawAnswer[] };
  const loop = async (next: () => Promise<RawAnswer>, into: RawAnswer[]) => {
    while (performance.now() < deadline) {
      const answer = await next();
      into.push(answer);
      if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  // Each client from an address of its own, as members on their own machines: the connection cap is per
  // address. A client's connections are kept open, as an app's and a browser's are.
  const busy = o.members.flatMap((member, m) => {
    const agent = new Agent({ keepAlive: true, localAddress: `127.0.4.${m + 1}` });
    return Array.from({ length: o.inFlightPerMember }, (_, i) =>
      i % 2 === 0
        ? loop(
            () =>
              rawRequest(`${url}/api/v1/timelines/home?limit=40`, {
                headers: { authorization: member.bearer },
                agent,
                timeoutMs: o.timeoutMs,
              }),
            kinds.home,
          )
        : loop(
            () =>
              rawRequest(url + tenFeedCalls, {
                headers: { authorization: member.token },
                agent,
                timeoutMs: o.timeoutMs,
              }),
            kinds.batch,
          ),
    );
  });
  const readers = Array.from({ length: o.readers }, (_, i) => {
    const agent = new Agent({ keepAlive: true, localAddress: `127.0.1.${i + 1}` });
    let n = i;
    return loop(
      () =>
        rawRequest(url + o.readerPaths[n++ % o.readerPaths.length]!, {
          agent,
          timeoutMs: o.timeoutMs,
        }),
      kinds.signedOut,
    );
  });
  await Promise.all([...busy, ...readers]);
  return {
    seconds: (performance.now() - started) / 1000,
    home: statsOf(kinds.home),
    batch: statsOf(kinds.batch),
    signedOut: statsOf(kinds.signedOut),
  };
}
