import { findMember } from '../server/domain/members.js';
import { removeSecondFactor } from '../server/domain/second-factor.js';
import { CommandFailed, dataHelp, dataOptions, type Command } from './command.js';
import { requireDatabase } from './guards.js';
import { configFrom, withDatabase } from './instance.js';

// For a member who lost both their phone and their recovery codes (docs/running-a-community.md).

export const secondFactorOff: Command = {
  name: 'admin second-factor-off',
  summary: "turn a member's two-factor authentication off",
  usage: 'USERNAME [--data DIR]',
  details: `Turns off a member's two-factor authentication and deletes their recovery codes: their next login
asks only for the password. Make sure first that the person asking is the member: whoever knows the
password can then sign in. The member can set it up again in Settings.

${dataHelp}`,
  options: { ...dataOptions },
  positionals: ['USERNAME'],
  async run(parsed) {
    const config = configFrom(parsed);
    requireDatabase(config);
    const name = parsed.positionals[0]!;
    const outcome = await withDatabase(config, async (store) => {
      const member = await findMember(store, name);
      if (!member) throw new CommandFailed(`No member named ${name}`);
      return { username: member.username, removed: await removeSecondFactor(store, member.id) };
    });
    console.log(
      outcome.removed
        ? `Turned off two-factor authentication for ${outcome.username}.`
        : `${outcome.username} had no two-factor authentication; nothing changed.`,
    );
  },
};
