import { v4 as uuid } from 'uuid';
import type { Db } from '../src/server/db/client.js';
import { users } from '../src/server/db/schema.js';
import { hashPassword } from '../src/server/domain/passwords.js';
import { usernameKey } from '../src/shared/schemas.js';

/** The password every factory member has. Hashed once per process: scrypt is slow on purpose. */
export const factoryPassword = 'factory-password-1';
let factoryHash: Promise<string> | undefined;

export type FactoryMember = { id: string; username: string };

let sequence = 0;

/** Inserts a member directly (no signup round trip); fields may be overridden. */
export async function createMember(
  db: Db,
  overrides: Partial<Omit<typeof users.$inferInsert, 'usernameKey'>> = {},
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
  db.insert(users)
    .values({ ...row, usernameKey: usernameKey(row.username) })
    .run();
  return { id: row.id, username: row.username };
}
