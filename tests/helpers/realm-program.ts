import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { paths } from '../../src/server/paths.js';

/**
 * How tests run Realm's command-line program. REALM_BINARY names a single executable (CI sets it after
 * `npm run package`): it then runs with no `node` on its PATH, as on a server without Node. Otherwise the
 * checkout's program runs: compiled (dist/server/realm.cjs, which the suite builds first) or from its
 * TypeScript source through tsx.
 */
export function realmProgram(kind: 'source' | 'compiled' = 'source'): { file: string; args: string[] } {
  const binary = process.env.REALM_BINARY;
  if (binary) return { file: binary, args: [] };
  if (kind === 'compiled')
    return { file: process.execPath, args: [join(paths.root, 'dist/server/realm.cjs')] };
  return { file: process.execPath, args: ['--import', 'tsx', join(paths.root, 'src/cli/entry.ts')] };
}

const testsBinary = () => Boolean(process.env.REALM_BINARY);

/** PATH without the folders that hold a `node`, so that a binary that needed one would fail. */
export function pathWithoutNode(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir && !existsSync(join(dir, 'node')))
    .join(delimiter);
}

export type RunOptions = {
  kind?: 'source' | 'compiled';
  cwd?: string;
  env?: Record<string, string>;
  /** Written to the program's standard input, which is then closed. */
  input?: string;
};

function spawnRealm(args: string[], options: RunOptions) {
  const program = realmProgram(options.kind);
  return spawn(program.file, [...program.args, ...args], {
    cwd: options.cwd ?? paths.root,
    // tsx finds its loader from the checkout; a binary gets no node at all.
    env: {
      PATH: testsBinary() ? pathWithoutNode() : (process.env.PATH ?? ''),
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs one command to its end. */
export function runRealm(
  args: string[],
  options: RunOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnRealm(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export type RealmServer = {
  url: string;
  pid: number;
  /** Everything the process wrote so far, for checking what the logs hold. */
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** Starts `realm serve ...args` on a free port and resolves once it listens. */
export function startRealm(args: string[], options: RunOptions = {}): Promise<RealmServer> {
  const child = spawnRealm(['serve', '--port', '0', ...args], options);
  child.stdin.end();
  return listening(child);
}

/** `npm run dev` (src/server/dev.ts, Vite in middleware mode) on a free port. */
export function startDevServer(env: Record<string, string>): Promise<RealmServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/dev.ts'], {
    cwd: paths.root,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return listening(child);
}

function listening(child: ChildProcess): Promise<RealmServer> {
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`realm did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          pid: child.pid!,
          output: () => output,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`realm exited with ${code} before listening:\n${output}`));
    });
  });
}

/**
 * The heap limit each serving process logged at start ("memory budget", start.ts), with its process id:
 * whether the memory budget's limits took (docs/configuration.md, "Memory").
 */
export const heapLimitsIn = (output: string) =>
  [...output.matchAll(/"pid":(\d+).*"heapLimitMb":(\d+).*"msg":"memory budget"/g)].map(([, pid, limit]) => ({
    pid: Number(pid),
    limit: Number(limit),
  }));

/** Waits until `count` processes of a server have logged their memory budget, then gives their limits. */
export async function heapLimitsOf(server: RealmServer, count: number) {
  for (let i = 0; i < 100 && heapLimitsIn(server.output()).length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return heapLimitsIn(server.output());
}
