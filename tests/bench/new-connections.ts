import { startBenchChild } from './bench-child.js';
import type { KindStats } from './starvation-load.js';

// Someone arriving while the instance is busy: every `intervalMs` a NEW connection asks for /healthz, and
// every `loginEvery` of those another, from an address of its own, logs in (a login is ~0.1 s of hashing
// by design: more would measure the hashing cap, not how the server shares its turns). From a process of its own, as feed.ts's reader, so that
// the load's answers read on the bench's event loop are not counted as the server's.

export type ProbeOptions = {
  url: string;
  /** Members to log in as, in turn, with `password`. */
  usernames: string[];
  password: string;
  intervalMs: number;
  loginEvery: number;
  seconds: number;
  timeoutMs: number;
};

export type ProbeStats = { healthz: KindStats; login: KindStats; example?: string };

/** `close()` ends a probe that never ran (it exits by itself once it has reported). */
export type ConnectionProbe = { run(options: ProbeOptions): Promise<ProbeStats>; close(): void };

/** Starts the probe's process; `run()` probes for `seconds` and resolves with its figures. */
export async function startConnectionProbe(): Promise<ConnectionProbe> {
  const { child, next } = await startBenchChild(
    new URL('./new-connections-process.ts', import.meta.url),
    'probe',
  );
  return {
    run: async (options) => {
      child.send(options);
      return next<ProbeStats>();
    },
    close: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}
