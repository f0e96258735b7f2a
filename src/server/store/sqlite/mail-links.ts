import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { EmailTokenReads, EmailTokenRow, EmailTokenWrites, KnownDeviceWrites } from '../store.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { emailTokens, knownDevices } from './schema.js';

const unspent = (at: number) => and(isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, at));

const statements = preparedOnce((db: Db) => ({
  // email_tokens_member_idx: the member's links for one purpose, newest first.
  pending: db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.memberId, sql.placeholder('memberId')),
        eq(emailTokens.purpose, sql.placeholder('purpose')),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql.placeholder('at')),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1)
    .prepare(),
}));

export function emailTokenReads(db: Db): EmailTokenReads {
  return {
    pending: async (memberId, purpose, at) =>
      statements(db).pending.get({ memberId, purpose, at }) as EmailTokenRow | undefined,
  };
}

export function emailTokenWrites(db: Db): EmailTokenWrites {
  return {
    insert: async (row) => void db.insert(emailTokens).values(row).run(),
    take: async (tokenHash, purpose, at) =>
      db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), unspent(at)))
        .returning()
        .get() as EmailTokenRow | undefined,
    spendAll: async (memberId, purpose, at) =>
      void db
        .update(emailTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailTokens.memberId, memberId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        )
        .run(),
  };
}

export function knownDeviceWrites(db: Db): KnownDeviceWrites {
  return {
    async seen(memberId, deviceKey, at) {
      const inserted = db
        .insert(knownDevices)
        .values({ memberId, deviceKey, firstSeenAt: at, lastSeenAt: at })
        .onConflictDoNothing()
        .run().changes;
      if (inserted > 0) return true;
      db.update(knownDevices)
        .set({ lastSeenAt: at })
        .where(and(eq(knownDevices.memberId, memberId), eq(knownDevices.deviceKey, deviceKey)))
        .run();
      return false;
    },
  };
}
