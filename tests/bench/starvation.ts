import { setPriority } from 'node:os';
import { appToken, overHttp } from '../helpers/mastodon-token.js';
import type { ConnectionProbe, ProbeStats } from './new-connections.js';
import type { BenchServer } from './server.js';
import { starvationLoad, type StarvationLoad } from './starvation-load.js';

// The hardening bench's second scenario: eight members each keeping four requests in flight (Mastodon home
// timelines of 40 and tRPC batches of ten feed calls) and sixteen signed-out readers, every one within its
// limits, while newcomers open new connections for /healthz and a login (docs/security.md, "The load test").

export type StarvationMeasurements = { load: StarvationLoad; probe: ProbeStats; probeAlone: ProbeStats };

type Member = { id: string; username: string };

export async function measureStarvation(
  server: BenchServer,
  o: {
    members: Member[];
    loginAs: string[];
    password: string;
    sign: (member: Member) => Promise<string>;
    readerPaths: string[];
    seconds: number;
    /** Started before anything lowered the bench's priority, which a forked process inherits. */
    probes: [ConnectionProbe, ConnectionProbe];
  },
): Promise<StarvationMeasurements> {
  const members = await Promise.all(
    o.members.map(async (member) => {
      const token = await o.sign(member);
      return { token, bearer: `Bearer ${await appToken(overHttp(server.url), token, 'read')}` };
    }),
  );
  const probeOptions = {
    url: server.url,
    usernames: o.loginAs,
    password: o.password,
    intervalMs: 100,
    loginEvery: 5,
    timeoutMs: 30_000,
  };
  const [alone, probe] = o.probes;
  const probeAlone = await alone.run({ ...probeOptions, seconds: 2 });
  // The load stands for clients elsewhere: at a lower priority on these shared cores (as the flood's).
  setPriority(10);
  const [load, probed] = await Promise.all([
    starvationLoad(server.url, {
      members,
      inFlightPerMember: 4,
      readers: 16,
      readerPaths: o.readerPaths,
      seconds: o.seconds,
      timeoutMs: 30_000,
    }),
    // It starts a second after the load does and stops a second before.
    new Promise((resolve) => setTimeout(resolve, 1000)).then(() =>
      probe.run({ ...probeOptions, seconds: Math.max(1, o.seconds - 2) }),
    ),
  ]);
  return { load, probe: probed, probeAlone };
}
