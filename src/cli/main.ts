import { parseArgs } from 'node:util';
import { ConfigError } from '../server/config.js';
import { version } from '../server/version.js';
import { adminCommands } from './admin.js';
import { backup, restore } from './backup.js';
import { CommandFailed, UsageError, type Command } from './command.js';
import { migrate, seed } from './database.js';
import { migrateToPostgres } from './migrate-to-postgres.js';
import { serve } from './serve.js';

/** Every command, in the order `realm help` lists them. Admin commands are named `admin <verb>`. */
export const commands: Command[] = [
  serve,
  migrate,
  seed,
  ...adminCommands,
  backup,
  restore,
  migrateToPostgres,
];

const helpCommand: Command = {
  name: 'help',
  summary: 'show the commands, or one command in detail',
  usage: '[COMMAND]',
  details: 'Shows the list of commands; `realm help COMMAND` (or `realm COMMAND --help`) shows one.',
  options: {},
  positionals: [],
  run: () => void console.log(overview()),
};

const versionCommand: Command = {
  name: 'version',
  summary: "print Realm's version",
  usage: '',
  details: "Prints Realm's version and the Node.js it runs on.",
  options: {},
  positionals: [],
  run: () => void console.log(`realm ${version} (node ${process.version})`),
};

const everyCommand = [...commands, versionCommand, helpCommand];

function overview(): string {
  const width = Math.max(...everyCommand.map((c) => c.name.length));
  return [
    `Realm ${version}: a small social network that anyone can run.`,
    '',
    'Usage: realm [COMMAND] [OPTIONS]   (no command: serve)',
    '',
    'Commands:',
    ...everyCommand.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `realm COMMAND --help` for one command.',
  ].join('\n');
}

function helpOf(command: Command): string {
  return `Usage: realm ${command.name}${command.usage ? ` ${command.usage}` : ''}\n\n${command.details}`;
}

/** The command named by the first one or two words of argv (`admin create-user`), and the rest. */
function findCommand(argv: string[]): { command: Command; rest: string[] } {
  const [first, second] = argv;
  if (first === undefined || first.startsWith('-')) return { command: serve, rest: argv };
  const pair = everyCommand.find((c) => c.name === `${first} ${second}`);
  if (pair) return { command: pair, rest: argv.slice(2) };
  const single = everyCommand.find((c) => c.name === first);
  if (single) return { command: single, rest: argv.slice(1) };
  const group = everyCommand.filter((c) => c.name.startsWith(`${first} `));
  if (group.length > 0) {
    const verbs = group.map((c) => c.name.slice(first.length + 1)).join(', ');
    throw new UsageError(
      second === undefined || second.startsWith('-')
        ? `realm ${first} needs a command: ${verbs}`
        : `unknown command "${first} ${second}" (${first} commands: ${verbs})`,
    );
  }
  throw new UsageError(`unknown command "${first}"; run \`realm help\` for the list`);
}

/** parseArgs' own messages are long and suggest `--`; this says the same in one line. */
function parse(command: Command, args: string[]) {
  try {
    return parseArgs({
      args,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new UsageError(`${command.name}: unknown option ${option}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(`${command.name}: option ${option.split(' ')[0]} needs a value`);
    }
    throw new UsageError(`${command.name}: ${(error as Error).message}`);
  }
}

/**
 * Runs one command line and returns the exit code: 0 done, 1 the command failed (its message says what
 * to do), 2 the command line was wrong (one line on stderr). A running server returns 0 once listening
 * and keeps the process alive.
 */
export async function runCli(argv: string[]): Promise<number> {
  // `realm --help` and `realm --version` as people type them: the overview and the version, not serve's.
  if (argv.length === 1 && ['--help', '-h', '--version'].includes(argv[0]!)) {
    return runCli([argv[0] === '--version' ? 'version' : 'help']);
  }
  try {
    const { command, rest } = findCommand(argv);
    const { values, positionals } = parse(command, rest);
    if (values.help) {
      console.log(helpOf(command));
      return 0;
    }
    if (command === helpCommand && positionals.length > 0) {
      const { command: topic } = findCommand(positionals);
      console.log(helpOf(topic));
      return 0;
    }
    if (positionals.length !== command.positionals.length) {
      const expected = command.positionals.length
        ? `takes ${command.positionals.join(' ')}`
        : 'takes no arguments';
      const extra =
        positionals.length > command.positionals.length ? ` (got "${positionals.join(' ')}")` : '';
      throw new UsageError(`${command.name} ${expected}${extra}; see realm ${command.name} --help`);
    }
    return (await command.run({ values, positionals })) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`realm: ${error.message}`);
      return 2;
    }
    if (error instanceof CommandFailed || error instanceof ConfigError) {
      console.error(`realm: ${error.message}`);
      return 1;
    }
    console.error('realm: failed:', error);
    return 1;
  }
}
