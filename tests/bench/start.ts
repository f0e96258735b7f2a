import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../../src/server/paths.js';

// `npm run bench:start [-- release/realm-<version>-linux-x64]`: how fast Realm starts and how much memory it
// holds once it answers, the single executable against the checkout's compiled program (what `npm start`
// runs after its build check), in alternating runs because this machine is noisy. Each run starts in an
// empty folder (the first start: it creates, migrates and, for the binary, unpacks) and then again in the
// same folder (a restart).

const binary = process.argv[2] ?? join(paths.root, `release/realm-${readVersion()}-linux-x64`);
const runs = 9;

function readVersion(): string {
  return (JSON.parse(readFileSync(join(paths.root, 'package.json'), 'utf8')) as { version: string }).version;
}

type Program = { name: string; command: string[] };
const programs: Program[] = [
  { name: 'binary', command: [binary] },
  { name: 'npm start', command: [process.execPath, join(paths.root, 'dist/server/realm.cjs')] },
];

/** Starts `serve` in `folder`, polls /healthz; resolves with the time to the first 200 and the RSS then. */
async function startOnce(program: Program, folder: string, port: number) {
  const started = performance.now();
  const [file, ...args] = program.command;
  const child = spawn(file!, [...args, 'serve', '--port', String(port)], {
    cwd: folder,
    env: { PATH: '/usr/bin:/bin', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (performance.now() - started > 30_000) throw new Error(`${program.name} did not answer in 30 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ms = performance.now() - started;
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    return { ms, rssMb };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const results = new Map(
  programs.map((p) => [p.name, { first: [] as number[], again: [] as number[], rss: [] as number[] }]),
);
for (let i = 0; i < runs; i++) {
  for (const program of i % 2 === 0 ? programs : [...programs].reverse()) {
    const folder = mkdtempSync(join(tmpdir(), 'realm-start-'));
    const result = results.get(program.name)!;
    result.first.push((await startOnce(program, folder, 3900 + i)).ms);
    const again = await startOnce(program, folder, 3900 + i);
    result.again.push(again.ms);
    result.rss.push(again.rssMb);
    rmSync(folder, { recursive: true, force: true });
  }
}

console.log(`Start to the first 200 on /healthz, median of ${runs} alternating runs (binary: ${binary})`);
console.log(`binary size: ${(statSync(binary).size / 1e6).toFixed(1)} MB`);
for (const [name, r] of results) {
  console.log(
    `${name.padEnd(10)} first start ${median(r.first).toFixed(0)} ms, restart ${median(r.again).toFixed(0)} ms, RSS ${median(r.rss).toFixed(0)} MB`,
  );
}
