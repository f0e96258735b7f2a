import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { paths } from '../../src/server/paths.js';

export type Memory = { privateMb: number; mappedMb: number };

export type BenchServer = { url: string; pid: number; peakMemory(): Memory; stop(): Promise<void> };

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
 * Resident memory of a process and its children (the cluster's workers), in MB: `private` (heaps, SQLite's
 * caches) summed over them, and `mapped` file pages (Node itself and its libraries, shared by the workers),
 * the most one process has.
 */
function memoryOf(pid: number): Memory {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) =>
      Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return children
      .map((child) => memoryOf(Number(child)))
      .reduce(
        (sum, child) => ({
          privateMb: sum.privateMb + child.privateMb,
          mappedMb: Math.max(sum.mappedMb, child.mappedMb),
        }),
        { privateMb: mb('RssAnon'), mappedMb: mb('RssFile') },
      );
  } catch {
    return { privateMb: 0, mappedMb: 0 }; // the process has just exited
  }
}

/** The production server (src/server/main.ts) as its own process, as a self-hoster runs it. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: paths.root,
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
  // Sampled twice a second: the kernel keeps a peak of the total only, which counts the shared files once per
  // process.
  const peak: Memory = { privateMb: 0, mappedMb: 0 };
  const sample = () => {
    const now = memoryOf(child.pid!);
    peak.privateMb = Math.max(peak.privateMb, now.privateMb);
    peak.mappedMb = Math.max(peak.mappedMb, now.mappedMb);
  };
  const sampler = setInterval(sample, 500);
  return {
    url,
    pid: child.pid!,
    peakMemory: () => (sample(), { ...peak }),
    stop: () =>
      new Promise((resolve) => {
        clearInterval(sampler);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
