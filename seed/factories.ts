import { v4 as uuid } from 'uuid';
import { hashPassword } from '../src/server/domain/passwords.js';
import type { NewMember, Role, Store } from '../src/server/store/store.js';
import { usernameSkeleton } from '../src/shared/username-skeleton.js';
import { usernameKey } from '../src/shared/schemas.js';

/** The password every factory member has. Hashed once per process: scrypt is slow on purpose. */
export const factoryPassword = 'factory-password-1';
let factoryHash: Promise<string> | undefined;

export type FactoryMember = { id: string; username: string; role: Role };

let sequence = 0;

/** Inserts a member directly (no signup round trip); fields may be overridden. */
export async function createMember(
  store: Store,
  overrides: Partial<Omit<NewMember, 'usernameKey' | 'usernameSkeleton'>> = {},
): Promise<FactoryMember> {
  factoryHash ??= hashPassword(factoryPassword);
  sequence += 1;
  const now = Date.now();
  const row = {
    id: uuid(),
    username: `member${sequence}`,
    firstName: 'Test',
    lastName: `Member ${sequence}`,
    passwordHash: await factoryHash,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  const inserted = await store.write((tx) =>
    tx.members.insert({
      ...row,
      usernameKey: usernameKey(row.username),
      usernameSkeleton: usernameSkeleton(row.username),
    }),
  );
  if (!inserted) throw new Error(`createMember: the id or username of ${row.username} is taken`);
  return { id: row.id, username: row.username, role: row.role ?? 'member' };
}
