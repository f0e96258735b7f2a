import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { login } from '../../src/server/domain/auth.js';
import { factorKeys } from '../../src/server/domain/second-factor.js';
import { noSignInLimits } from '../../src/server/domain/sign-in-limits.js';
import type { Store } from '../../src/server/store/store.js';
import { memberSearchKeys } from '../../src/shared/search-fold.js';
import { usernameKey } from '../../src/shared/username-key.js';
import { usernameSkeleton } from '../../src/shared/username-skeleton.js';
import { testSecret } from './test-app.js';

// An instance from before handles (migration 0026_handles on SQLite, 0025_handles on PostgreSQL), with
// members whose usernames are emails and other names that are not handles; both engines' tests run it.

export const oldPassword = 'old-password-1';

/** The username each member had, and the handle and email the migration gives them. */
export const oldMembers: { username: string; handle: string; email: string | null }[] = [
  { username: 'ana', handle: 'ana', email: null },
  { username: 'Ana@Example.com', handle: 'Ana2', email: 'Ana@Example.com' },
  { username: 'bob.smith@mail.example.org', handle: 'bob_smith', email: 'bob.smith@mail.example.org' },
  { username: 'Mixed-abc', handle: 'Mixed_abc', email: null },
  { username: 'édouard', handle: 'edouard', email: null },
  { username: 'Иван', handle: 'member', email: null },
  { username: 'Пётр', handle: 'member2', email: null },
  { username: 'edit@example.net', handle: 'edit2', email: 'edit@example.net' },
  {
    username: `${'x'.repeat(40)}@example.com`,
    handle: 'x'.repeat(30),
    email: `${'x'.repeat(40)}@example.com`,
  },
  { username: 'ana@localhost', handle: 'ana_localhost', email: null },
];

/** A user row as the app wrote one before handles, in the columns both engines share. */
export const oldRow = (username: string, i: number, passwordHash: string) => ({
  id: `old-${i}`,
  username,
  username_key: usernameKey(username),
  username_skeleton: usernameSkeleton(username),
  ...Object.fromEntries(
    Object.entries(memberSearchKeys({ username, firstName: 'Old', lastName: `Member${i}` })).map(([k, v]) => [
      k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      v,
    ]),
  ),
  first_name: 'Old',
  last_name: `Member${i}`,
  password_hash: passwordHash,
  created_at: 1000 + i,
  updated_at: 1000 + i,
});

/** The migrations folder as it was before handles: every migration up to `last` (a journal's tag). */
export function migrationsBefore(folder: string, last: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'realm-migrations-'));
  cpSync(folder, copy, { recursive: true });
  const journalFile = join(copy, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

export type MigratedRow = {
  id: string;
  username: string;
  email: string | null;
  handleChangesLeft: number;
};

export const migratedRowsQuery = `select id, username, email, handle_changes_left as "handleChangesLeft"
  from users order by id`;
export const formerRowsQuery = 'select key, user_id as "userId", name from former_handles order by key';

/** What the migration must have made of `oldMembers`, and that each signs in by every name they have. */
export async function expectMigrated(
  store: Store,
  rows: MigratedRow[],
  former: { key: string; userId: string; name: string }[],
) {
  expect(rows).toEqual(
    oldMembers.map((member, i) => ({
      id: `old-${i}`,
      username: member.handle,
      email: member.email,
      handleChangesLeft: member.handle === member.username ? 0 : 1,
    })),
  );
  const renamed = oldMembers.flatMap((member, i) =>
    member.handle === member.username
      ? []
      : [{ key: usernameKey(member.username), userId: `old-${i}`, name: member.username }],
  );
  expect(former).toEqual(renamed.sort((a, b) => (a.key < b.key ? -1 : 1)));
  const keys = createTokenKeys(testSecret);
  const factors = factorKeys(testSecret);
  for (const [i, member] of oldMembers.entries()) {
    const names = [member.handle, member.handle.toUpperCase(), member.username, member.email].filter(
      (name): name is string => name !== null,
    );
    for (const username of names) {
      const signedIn = await login(store, keys, { username, password: oldPassword }, noSignInLimits, factors);
      expect(signedIn.userId, username).toBe(`old-${i}`);
    }
  }
}
