import { and, asc, eq, sql } from 'drizzle-orm';
import type { PasskeyReads, PasskeyWrites } from '../store.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { passkeys } from './schema.js';

const statements = preparedOnce((db: Db) => ({
  // passkeys_member_idx: the member's, in the order they were added.
  byMember: db
    .select()
    .from(passkeys)
    .where(eq(passkeys.memberId, sql.placeholder('memberId')))
    .orderBy(asc(passkeys.createdAt))
    .prepare(),
  find: db
    .select()
    .from(passkeys)
    .where(eq(passkeys.id, sql.placeholder('id')))
    .prepare(),
}));

export function passkeyReads(db: Db): PasskeyReads {
  return {
    byMember: async (memberId) => statements(db).byMember.all({ memberId }),
    find: async (id) => statements(db).find.get({ id }),
  };
}

export function passkeyWrites(db: Db): PasskeyWrites {
  return {
    insert: async (row) => db.insert(passkeys).values(row).onConflictDoNothing().run().changes > 0,
    used: async (id, counter, at) =>
      void db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id)).run(),
    remove: async (memberId, id) =>
      db
        .delete(passkeys)
        .where(and(eq(passkeys.memberId, memberId), eq(passkeys.id, id)))
        .run().changes > 0,
  };
}
