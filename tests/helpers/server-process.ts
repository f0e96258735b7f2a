import { spawn } from 'node:child_process';
import { paths } from '../../src/server/paths.js';

export type ServerProcess = {
  url: string;
  /** Everything the process wrote, for checking what the logs hold. */
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts a real entry point (`src/server/main.ts`, or `dev.ts` for `npm run dev`) as a child process and waits
 * until it listens.
 */
export function startServer(
  env: Record<string, string>,
  entry: 'src/server/main.ts' | 'src/server/dev.ts' = 'src/server/main.ts',
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: paths.root,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          output: () => output,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Runs the entry point expecting it to refuse to start; resolves with its exit code and output. */
export function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: paths.root,
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
