import type { ProbeOptions, ProbeStats } from './new-connections.js';
import { rawRequest, type RawAnswer } from './raw-http.js';
import { statsOf } from './starvation-load.js';

// The probe of new-connections.ts: forked with an IPC channel, it waits for its options, probes, sends its
// figures back and exits.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function probe(o: ProbeOptions): Promise<ProbeStats> {
  const healthz: RawAnswer[] = [];
  const login: RawAnswer[] = [];
  let example: string | undefined;
  const end = performance.now() + o.seconds * 1000;
  const pending: Promise<void>[] = [];
  for (let n = 0; performance.now() < end; n++) {
    // Each on a connection of its own, not waiting for the last: a newcomer does not queue behind another.
    pending.push(
      rawRequest(`${o.url}/healthz`, { from: '127.0.3.1', timeoutMs: o.timeoutMs }).then((answer) => {
        healthz.push(answer);
        if (answer.status !== 200) example ??= `/healthz ${answer.status} ${answer.error ?? ''}`;
      }),
    );
    if (n % o.loginEvery === 0) {
      const body = JSON.stringify({
        username: o.usernames[(n / o.loginEvery) % o.usernames.length],
        password: o.password,
      });
      // Another address for each login: the limit of 25 attempts per address is not what is measured.
      const from = `127.0.2.${((n / o.loginEvery) % 250) + 1}`;
      pending.push(
        rawRequest(`${o.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          from,
          timeoutMs: o.timeoutMs,
        }).then((answer) => {
          login.push(answer);
          if (answer.status !== 200) example ??= `login ${answer.status} ${answer.error ?? ''}`;
        }),
      );
    }
    await sleep(o.intervalMs);
  }
  await Promise.all(pending);
  return { healthz: statsOf(healthz), login: statsOf(login), ...(example && { example }) };
}

process.once('message', (options: ProbeOptions) => {
  probe(options).then(
    (stats) => process.send!(stats, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.send!('ready');
