import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// `realm restore` must not swap the database file under a server that has it open: the server would go on
// writing into the file it already holds, and the restored data would be lost at its next checkpoint. So a
// server marks its data folder with its process id while it runs. A server killed outright (SIGKILL, power
// loss) leaves the file behind; a file is believed only while its process lives.

const pidFileOf = (dataFolder: string) => join(dataFolder, 'realm.pid');

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Marks the data folder as served by this process until it exits, however it exits short of SIGKILL. */
export function holdPidFile(dataFolder: string): void {
  mkdirSync(dataFolder, { recursive: true, mode: 0o700 });
  const file = pidFileOf(dataFolder);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  process.once('exit', () => {
    // Only our own mark: another server started on the folder since may have written its id.
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  });
}

/** The id of the live process serving the data folder, if one is. */
export function runningServer(dataFolder: string): { pid: number; file: string } | undefined {
  const file = pidFileOf(dataFolder);
  const pid = readPid(file);
  if (pid === undefined) return undefined;
  try {
    process.kill(pid, 0);
    return { pid, file };
  } catch (error) {
    // EPERM: it lives, as another user. ESRCH: the server died without removing its mark.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? { pid, file } : undefined;
  }
}
