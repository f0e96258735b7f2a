import { existsSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import type { Config } from '../server/config.js';
import { CommandFailed } from './command.js';
import { runningServer } from './pid-file.js';

/**
 * Commands that read or change an instance refuse a database that is not there: opening it would create an
 * empty one, and a mistyped --data would look like an instance without members.
 */
export function requireDatabase(config: Config): void {
  if (config.databaseUrl) return; // PostgreSQL: opening it creates nothing, and a wrong URL fails to connect.
  const file = config.dbPath;
  if (file === ':memory:' || !existsSync(file) || statSync(file).size === 0) {
    throw new CommandFailed(
      `There is no Realm database at ${file}: pass --data with the instance's data folder (or set REALM_DB).`,
    );
  }
}

/** Commands that replace or copy the database refuse while a server has it open (see pid-file.ts). */
export function refuseWhileRunning(dataFolder: string, why?: string): void {
  const server = runningServer(dataFolder);
  if (server) {
    throw new CommandFailed(
      `Realm is serving ${dataFolder} (process ${server.pid}): stop the server first${why ? ` (${why})` : ''}. ` +
        `(If no Realm runs as ${server.pid}, delete ${server.file}.)`,
    );
  }
}

/**
 * Asks before a change that cannot be undone: the person types `expected`. Without a terminal nobody can
 * answer, and a script that meant it says so with --yes; waiting on a pipe would hang it or eat its input.
 */
export async function confirm(question: string, expected: string, withoutTerminal: string): Promise<void> {
  if (!process.stdin.isTTY) throw new CommandFailed(withoutTerminal);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  // Ctrl-C and Ctrl-D end the question unanswered instead of leaving it pending.
  const closed = new Promise<string>((resolve) => prompt.once('close', () => resolve('')));
  prompt.on('SIGINT', () => prompt.close());
  try {
    const answer = await Promise.race([prompt.question(`${question} `), closed]);
    if (answer.trim() !== expected) throw new CommandFailed('Not confirmed; nothing was changed.');
  } finally {
    prompt.close();
  }
}
