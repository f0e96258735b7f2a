import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { paths } from '../../src/server/paths.js';

/**
 * A part of the bench in a process of its own (feed.ts's reader, new-connections.ts's probe), so that what
 * the bench's own event loop reads is not counted against the server. Resolves once the child says 'ready';
 * `next()` waits for its next message, or fails if it exits first.
 */
export async function startBenchChild(file: URL, name: string) {
  const child: ChildProcess = fork(fileURLToPath(file), [], {
    cwd: paths.root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the ${name} exited with ${code} before reporting`))),
  );
  exited.catch(() => {}); // observed by whichever await comes first
  const next = <T>() =>
    Promise.race([
      new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T))),
      exited,
    ]);
  await next<'ready'>();
  return { child, next };
}
