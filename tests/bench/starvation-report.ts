import { targets } from './hardening-report.js';
import type { StarvationMeasurements } from './starvation.js';
import type { KindStats } from './starvation-load.js';

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

const row = (name: string, stats: KindStats) => ({
  request: name,
  ...stats,
  statuses: statusText(stats.statuses),
});

/** Prints the starvation scenario's tables and returns its misses (none: all met). */
export function reportStarvation(m: StarvationMeasurements): string[] {
  const { load, probe, probeAlone } = m;
  console.log(
    `\nStarvation: 8 members × 4 in flight and 16 signed-out readers for ${load.seconds.toFixed(1)} s, ` +
      'within every limit (ms at the client):',
  );
  console.table([
    row('Mastodon home, limit=40', load.home),
    row('tRPC batch of ten posts.feed', load.batch),
    row('signed-out reads', load.signedOut),
  ]);
  console.log(
    'New connections, /healthz ten a second and a login two (ms from connecting to the whole answer):',
  );
  console.table([
    row('/healthz alone', probeAlone.healthz),
    row('login alone', probeAlone.login),
    row('/healthz under the load', probe.healthz),
    row('login under the load', probe.login),
  ]);
  const misses: string[] = [];
  const check = (name: string, stats: KindStats, p99Ms: number) => {
    const problems = [];
    if (stats.requests === 0) problems.push('no answer');
    else if (stats.p99 >= p99Ms) problems.push(`p99 ${stats.p99} ms (not under ${p99Ms} ms)`);
    const failed = stats.requests - (stats.statuses['200'] ?? 0);
    if (failed > 0) problems.push(`${failed} not answered 200 (${probe.example ?? ''})`);
    if (problems.length > 0) misses.push(`${name}: ${problems.join('; ')}`);
  };
  check('/healthz on a new connection under the starvation load', probe.healthz, targets.healthzP99Ms);
  check('login on a new connection under the starvation load', probe.login, targets.loginP99Ms);
  // The load itself: a 5xx other than the fair share's 503 or no whole answer is a miss.
  for (const [name, stats] of [
    ['Mastodon home', load.home],
    ['tRPC batch', load.batch],
    ['signed-out reads', load.signedOut],
  ] as const) {
    const failed = Object.entries(stats.statuses)
      .filter(([status]) => status === 'error' || (Number(status) >= 500 && status !== '503'))
      .reduce((sum, [, n]) => sum + n, 0);
    if (failed > 0) misses.push(`starvation load, ${name}: ${failed} answered 5xx or not in full`);
  }
  return misses;
}
