import { runSeed } from '../../seed/seed.js';
import { dataHelp, dataOptions, UsageError, type Command } from './command.js';
import { configFrom, withDatabase } from './instance.js';

export const migrate: Command = {
  name: 'migrate',
  summary: 'apply the database migrations (serve does this at start)',
  usage: '[--data DIR]',
  details: `Creates the database if needed and applies the migrations it lacks.\n\n${dataHelp}`,
  options: dataOptions,
  positionals: [],
  async run(parsed) {
    const config = configFrom(parsed);
    await withDatabase(config, async () => {});
    console.log(`Migrated ${config.dbPath}`);
  },
};

export const seed: Command = {
  name: 'seed',
  summary: 'load the demo members and posts (--demo)',
  usage: '--demo [--data DIR]',
  details: `Adds the spec's demo members and posts that are missing; running it twice adds nothing.
The demo member's password is published (docs/self-hosting.md): never on a public instance.

  --demo            required: says you mean the demo content
${dataHelp}`,
  options: { ...dataOptions, demo: { type: 'boolean' } },
  positionals: [],
  async run(parsed) {
    if (!parsed.values.demo)
      throw new UsageError('seed needs --demo (the only content it loads is the demo)');
    const config = configFrom(parsed);
    const added = await withDatabase(config, (store) => runSeed(store));
    console.log(`Seeded ${config.dbPath}: ${added.members} members and ${added.posts} posts added.`);
  },
};
