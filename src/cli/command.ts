import type { ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called: one line on stderr, exit 2. */
export class UsageError extends Error {}

/** A command that could not do its work: the message says what to do about it; exit 1. */
export class CommandFailed extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>;

export type Parsed = {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
};

export type Command = {
  /** `admin create-user` for a subcommand. */
  name: string;
  /** One line for `realm help`. */
  summary: string;
  /** The arguments after the name, as `--help` shows them: `USERNAME [--password-stdin]`. */
  usage: string;
  /** What `--help` prints under the usage line: what the command does and each option. */
  details: string;
  options: Options;
  /** Names of the positional arguments, each required. */
  positionals: string[];
  run(parsed: Parsed): Promise<number | void> | number | void;
};

/** Options every command that works on an instance's data takes. */
export const dataOptions: Options = {
  data: { type: 'string' },
};

export const dataHelp = `  --data DIR        the instance's data folder (default ./data; REALM_DB names the database file instead)`;
