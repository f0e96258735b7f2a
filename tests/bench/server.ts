import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { paths } from '../../src/server/paths.js';

export type BenchServer = {
  url: string;
  pid: number;
  /** Private memory (all processes) once it answered /healthz, before any load. */
  idleMemoryMb: number;
  peakMemoryMb(): number;
  /** Resident memory, shared pages included (what `top` shows), at its peak: all processes summed. */
  peakRssMb(): number;
  stop(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Private resident memory (heaps, SQLite's caches) of a process and its children (the cluster's workers), in
 * MB. Node's own code is shared by the workers, so the kernel's peak (VmHWM), which counts it once per
 * process, would add it two or three times.
 */
function memoryOf(pid: number, field: 'RssAnon' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return Math.round(kb / 1024) + children.reduce((sum, child) => sum + memoryOf(Number(child), field), 0);
  } catch {
    return 0; // the process has just exited
  }
}

/**
 * The production server (`realm serve`, src/cli/entry.ts) as its own process, as a self-hoster runs it. `nodeArgs` go to
 * node after tsx (e.g. another `--import`); cluster workers inherit them.
 */
export async function startBenchServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  /** Another checkout of Realm to serve (home-boosts.ts runs the code before a change beside it). */
  root: string = paths.root,
  /**
   * `compiled`: the built program (dist/server/realm.cjs, `npm run build` first), as `npm start` runs it. Its
   * memory is what a self-hoster sees; through tsx each process also holds the compiler's work (~25 MB).
   */
  program: 'source' | 'compiled' = 'source',
): Promise<BenchServer> {
  const port = await freePort();
  const entry = program === 'compiled' ? ['dist/server/realm.cjs'] : ['--import', 'tsx', 'src/cli/entry.ts'];
  const args = [...nodeArgs, ...entry, 'serve'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'warn', REALM_RATE_LIMIT: 'off', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Settled: the start's own garbage (migrations, compiling) is not what the server holds at rest.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleMemoryMb = memoryOf(child.pid!, 'RssAnon');
  // Sampled twice a second: the kernel keeps no peak of private memory.
  let peak = 0;
  let peakRss = 0;
  const sample = () => {
    peak = Math.max(peak, memoryOf(child.pid!, 'RssAnon'));
    peakRss = Math.max(peakRss, memoryOf(child.pid!, 'VmRSS'));
  };
  const sampler = setInterval(sample, 500);
  return {
    url,
    pid: child.pid!,
    idleMemoryMb,
    peakMemoryMb: () => (sample(), peak),
    peakRssMb: () => (sample(), peakRss),
    stop: () =>
      new Promise((resolve) => {
        clearInterval(sampler);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
