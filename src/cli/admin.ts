import { randomBytes } from 'node:crypto';
import { limits } from '../shared/limits.js';
import { newPassword, signupInput } from '../shared/schemas.js';
import type { Store } from '../server/store/store.js';
import { signup } from '../server/domain/auth.js';
import { DomainError } from '../server/domain/errors.js';
import {
  contentOf,
  deleteMember,
  findMember,
  membersNewestFirst,
  setPasswordHash,
} from '../server/domain/members.js';
import { commandLine, setRole } from '../server/domain/moderation.js';
import { hashPassword } from '../server/domain/passwords.js';
import { forgetFailedLogins } from '../server/domain/sign-in-limits.js';
import { createTokenKeys } from '../server/domain/tokens.js';
import { CommandFailed, dataHelp, dataOptions, UsageError, type Command, type Parsed } from './command.js';
import { moderationCommands, parseRole } from './admin-moderation.js';
import { mailTest } from './admin-mail.js';
import { freePictureFiles, mediaUsage } from './admin-media.js';
import { secondFactorOff } from './admin-second-factor.js';
import { confirm, requireDatabase } from './guards.js';
import { configFrom, withDatabase } from './instance.js';
import { printTable } from './table.js';

const passwordHelp = `  --password-stdin  read the password from standard input (its first line) instead of generating one`;

/** The first line of standard input, without its line ending: `echo "$PASSWORD" | realm admin ...`. */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]!.replace(/\r$/, '');
}

/**
 * The new password, checked by signup's rule, and whether it was generated (then the command prints it: the
 * only time anyone sees it). 144 random bits, in letters, digits, `-` and `_`.
 */
async function passwordFor(parsed: Parsed): Promise<{ password: string; generated: boolean }> {
  if (!parsed.values['password-stdin']) {
    return { password: randomBytes(18).toString('base64url'), generated: true };
  }
  const checked = newPassword.safeParse(await firstLineOfStdin());
  if (!checked.success) {
    throw new CommandFailed(`${checked.error.issues[0]!.message} (read from standard input)`);
  }
  return { password: checked.data, generated: false };
}

function printPassword(username: string, password: string) {
  console.log(`  username: ${username}\n  password: ${password}`);
  console.log('The password is shown only this once: hand it over privately.');
}

async function requireMember(store: Store, name: string) {
  const member = await findMember(store, name);
  if (!member) throw new CommandFailed(`No member named ${name}`);
  return member;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const createUser: Command = {
  name: 'admin create-user',
  summary: 'add a member (prints a generated password unless --password-stdin)',
  usage:
    'USERNAME [--role admin|moderator|member] [--password-stdin] [--first-name NAME] [--last-name NAME] [--data DIR]',
  details: `Adds a member who can log in at once, under signup's rules: a username of 1 to ${limits.usernameMax} characters
without spaces or slashes, not taken (whatever its case); an email becomes the member's private email, and
their handle (their public name) is made from it, as REST signup does; a password of ${limits.passwordMin} to ${limits.passwordMax} characters.
Without --password-stdin a strong password is generated and printed once, with the username.
With --role admin (or moderator) the member gets that role at once, as realm admin set-role gives it.

  --role ROLE       admin, moderator or member (default: member)
${passwordHelp}
  --first-name NAME first name (default: the username, up to an @: "ana" for ana@example.org)
  --last-name NAME  last name (default: none)
${dataHelp}`,
  options: {
    ...dataOptions,
    'password-stdin': { type: 'boolean' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    role: { type: 'string' },
  },
  positionals: ['USERNAME'],
  async run(parsed) {
    const username = parsed.positionals[0]!;
    const { 'first-name': firstName, 'last-name': lastName } = parsed.values;
    // A post card shows the names beside the username: a member made here should not show a blank.
    const fields = signupInput.omit({ password: true }).safeParse({
      username,
      firstName: firstName ?? (username.split('@')[0] || username).slice(0, limits.nameMax),
      lastName: lastName ?? '',
    });
    if (!fields.success) {
      // The first name defaults to the username, so a bad username would otherwise be named a bad first name.
      const { issues } = fields.error;
      const issue = issues.find((found) => found.path[0] === 'username') ?? issues[0]!;
      throw new UsageError(`admin create-user: ${issue.message}`);
    }
    const role = parseRole('create-user', parsed.values.role ?? 'member');
    const { password, generated } = await passwordFor(parsed);
    const config = configFrom(parsed);
    let handle = username;
    await withDatabase(config, async (store) => {
      // signup also signs a token for the new member; nobody here wants it, so the key is a throwaway one.
      const keys = createTokenKeys(randomBytes(32).toString('hex'));
      try {
        // As REST signup: an email becomes the member's email, with a handle made from it.
        handle = (
          await signup(
            store,
            keys,
            { ...fields.data, password },
            {},
            { byAdministrator: true, fromName: true },
          )
        ).username;
      } catch (error) {
        if (error instanceof DomainError) throw new CommandFailed(error.message);
        throw error;
      }
      if (role !== 'member') await setRole(store, commandLine, handle, role, '');
    });
    console.log(`Created ${role} ${handle}${handle === username ? '' : ` (signing in as ${username} too)`}.`);
    if (generated) printPassword(username, password);
  },
};

export const resetPassword: Command = {
  name: 'admin reset-password',
  summary: "set a member's password (prints a generated one unless --password-stdin)",
  usage: 'USERNAME [--password-stdin] [--data DIR]',
  details: `Gives a member a new password (${limits.passwordMin} to ${limits.passwordMax} characters); the old one stops working at once,
a lockout after too many failed logins ends, and every session of the member ends: their tokens are
refused from their next request. Without --password-stdin a strong password is generated and printed once.

${passwordHelp}
${dataHelp}`,
  options: { ...dataOptions, 'password-stdin': { type: 'boolean' } },
  positionals: ['USERNAME'],
  async run(parsed) {
    const config = configFrom(parsed);
    requireDatabase(config);
    const { password, generated } = await passwordFor(parsed);
    const username = await withDatabase(config, async (store) => {
      const member = await requireMember(store, parsed.positionals[0]!);
      await setPasswordHash(store, member.id, await hashPassword(password));
      await forgetFailedLogins(store, member.id);
      return member.username;
    });
    console.log(`Set a new password for ${username}.`);
    if (generated) printPassword(username, password);
  },
};

export const deleteUser: Command = {
  name: 'admin delete-user',
  summary: 'delete a member with everything they wrote',
  usage: 'USERNAME [--yes] [--data DIR]',
  details: `Deletes a member with their posts (and the comments, likes and bookmarks on them), their comments,
likes, votes, bookmarks, follows and pictures, in one transaction; the counts on others' posts and profiles
follow. Then their pictures' files are deleted from the media storage (a folder or a bucket), except those
another member's upload of the same picture still uses.
It asks you to type the username first; without a terminal it refuses unless --yes is given.

  --yes             delete without asking
${dataHelp}`,
  options: { ...dataOptions, yes: { type: 'boolean' } },
  positionals: ['USERNAME'],
  async run(parsed) {
    const config = configFrom(parsed);
    requireDatabase(config);
    const deleted = await withDatabase(config, async (store) => {
      const member = await requireMember(store, parsed.positionals[0]!);
      if (!parsed.values.yes) {
        const { posts, comments } = await contentOf(store, member.id);
        await confirm(
          `Delete ${member.username} with ${plural(posts, 'post')} and ${plural(comments, 'comment')}? Type the username to confirm:`,
          member.username,
          `Not deleting ${member.username}: there is no terminal to confirm on. Pass --yes to delete without asking.`,
        );
      }
      // Their pictures' files are freed here, as the server frees them (this runs outside it).
      const freeing = freePictureFiles(store, config);
      try {
        return { username: member.username, ...(await deleteMember(store, member.id)) };
      } finally {
        await freeing.done();
      }
    });
    console.log(
      `Deleted ${deleted.username} with ${plural(deleted.posts, 'post')} and ${plural(deleted.comments, 'comment')}.`,
    );
  },
};

export const listUsers: Command = {
  name: 'admin list-users',
  summary: 'list the members, newest first',
  usage: '[--json] [--data DIR]',
  details: `Lists every member, newest first: username, name, posts, followers and the day they joined (UTC).

  --json            one JSON object a line: username, firstName, lastName, posts, followers, joined
${dataHelp}`,
  options: { ...dataOptions, json: { type: 'boolean' } },
  positionals: [],
  async run(parsed) {
    const config = configFrom(parsed);
    requireDatabase(config);
    const members = await withDatabase(config, (store) => membersNewestFirst(store));
    if (parsed.values.json) {
      for (const { createdAt, ...member } of members) {
        console.log(JSON.stringify({ ...member, joined: new Date(createdAt).toISOString() }));
      }
      return;
    }
    const rows = members.map((m) => [
      m.username,
      `${m.firstName} ${m.lastName}`.trim(),
      String(m.posts),
      String(m.followers),
      new Date(m.createdAt).toISOString().slice(0, 10),
    ]);
    printTable(['USERNAME', 'NAME', 'POSTS', 'FOLLOWERS', 'JOINED'], rows, [false, false, true, true, false]);
    console.log(plural(members.length, 'member'));
  },
};

export const adminCommands = [
  createUser,
  resetPassword,
  deleteUser,
  listUsers,
  secondFactorOff,
  ...moderationCommands,
  mediaUsage,
  mailTest,
];
