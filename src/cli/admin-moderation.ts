import { moderateMemberInput, roleInput } from '../shared/community-schemas.js';
import { DomainError, messages } from '../server/domain/errors.js';
import { commandLine, moderateMember, setRole, type MemberAction } from '../server/domain/moderation.js';
import type { Role, Store } from '../server/store/store.js';
import { CommandFailed, dataHelp, dataOptions, UsageError, type Command, type Parsed } from './command.js';
import { requireDatabase } from './guards.js';
import { configFrom, withDatabase } from './instance.js';

// `realm admin set-role`, `suspend`, `unsuspend`, `approve`. They run the moderators' rules as the
// command line (domain/moderation.ts commandLine): with an admin's rights on anyone, admins included, and
// logged in the audit log as "(command line)". This is how an instance gets its first admin.

const reasonHelp = `  --reason TEXT     why, for the audit log (at most 500 characters)`;
const reasonOption = { reason: { type: 'string' } } as const;

/** The username and reason, checked as the admin screens check them. */
function memberAndReason(command: string, parsed: Parsed) {
  const checked = moderateMemberInput.safeParse({
    username: parsed.positionals[0],
    reason: parsed.values.reason ?? '',
  });
  if (!checked.success) throw new UsageError(`admin ${command}: ${checked.error.issues[0]!.message}`);
  return checked.data;
}

/** A role as typed on the command line, or a usage error naming the roles. */
export function parseRole(command: string, value: unknown): Role {
  const checked = roleInput.safeParse(value);
  if (!checked.success) throw new UsageError(`admin ${command}: ${checked.error.issues[0]!.message}`);
  return checked.data;
}

/** Runs a rule on the instance; its refusal becomes the command's one line (an unknown name as the others say it). */
export async function asCommandLine<T>(
  parsed: Parsed,
  username: string,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const config = configFrom(parsed);
  requireDatabase(config);
  return withDatabase(config, async (store) => {
    try {
      return await work(store);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw new CommandFailed(
        error.message === messages.userNotFound ? `No member named ${username}` : error.message,
      );
    }
  });
}

const article = (role: Role) => (role === 'admin' ? 'an admin' : `a ${role}`);

export const setRoleCommand: Command = {
  name: 'admin set-role',
  summary: 'make a member an admin, a moderator or a member again (how an instance gets its first admin)',
  usage: 'USERNAME ROLE [--reason TEXT] [--data DIR]',
  details: `Sets a member's role: admin (everything, the instance's settings and roles too), moderator (the
reports, and approving, limiting and suspending members), or member. It takes effect at once, and goes to
the audit log as done by "(command line)". The command line may change anyone's role, an admin's too.

${reasonHelp}
${dataHelp}`,
  options: { ...dataOptions, ...reasonOption },
  positionals: ['USERNAME', 'ROLE'],
  async run(parsed) {
    const { username, reason } = memberAndReason('set-role', parsed);
    const role = parseRole('set-role', parsed.positionals[1]);
    const member = await asCommandLine(parsed, username, (store) =>
      setRole(store, commandLine, username, role, reason),
    );
    console.log(`${member.username} is now ${article(role)}.`);
  },
};

function memberCommand(
  action: MemberAction,
  summary: string,
  details: string,
  done: (username: string) => string,
): Command {
  return {
    name: `admin ${action}`,
    summary,
    usage: 'USERNAME [--reason TEXT] [--data DIR]',
    details: `${details}
It goes to the audit log as done by "(command line)".

${reasonHelp}
${dataHelp}`,
    options: { ...dataOptions, ...reasonOption },
    positionals: ['USERNAME'],
    async run(parsed) {
      const { username, reason } = memberAndReason(action, parsed);
      const member = await asCommandLine(parsed, username, (store) =>
        moderateMember(store, commandLine, action, username, reason),
      );
      console.log(done(member.username));
    },
  };
}

export const suspend = memberCommand(
  'suspend',
  'suspend a member: they cannot log in, and their sessions end at once',
  `Suspends an active (or limited) member: they cannot log in, every token they hold is refused from the
next request on, and their content is hidden. Open reports about them are resolved. Undo it with
realm admin unsuspend.`,
  (name) => `Suspended ${name}: they cannot log in until unsuspended.`,
);

export const unsuspend = memberCommand(
  'unsuspend',
  'lift a suspension',
  'Lets a suspended member log in again; a member who was limited before stays limited.',
  (name) => `Unsuspended ${name}.`,
);

export const approve = memberCommand(
  'approve',
  'let in a member who signed up while registration needed approval',
  'Approves a member who is waiting (registration "approval"): they can use the instance at once.',
  (name) => `Approved ${name}.`,
);

export const moderationCommands = [setRoleCommand, suspend, unsuspend, approve];
