import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { SecondFactorReads, SecondFactorWrites } from '../store.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { recoveryCodes, secondFactors } from './schema.js';

const statements = preparedOnce((db: Db) => {
  const memberId = sql.placeholder('memberId');
  return {
    totp: db
      .select({
        sealedSecret: secondFactors.sealedSecret,
        lastStep: secondFactors.lastStep,
        enabledAt: secondFactors.enabledAt,
      })
      .from(secondFactors)
      .where(eq(secondFactors.memberId, memberId))
      .prepare(),
    // The primary key's first column: the member's codes only.
    recoveryCodesLeft: db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.memberId, memberId))
      .prepare(),
    useStep: db
      .update(secondFactors)
      .set({ lastStep: sql.placeholder('step') as never })
      .where(and(eq(secondFactors.memberId, memberId), lt(secondFactors.lastStep, sql.placeholder('step'))))
      .prepare(),
    useRecoveryCode: db
      .delete(recoveryCodes)
      .where(
        and(eq(recoveryCodes.memberId, memberId), eq(recoveryCodes.codeHash, sql.placeholder('codeHash'))),
      )
      .prepare(),
  };
});

export function secondFactorReads(db: Db): SecondFactorReads {
  return {
    totp: async (memberId) => statements(db).totp.get({ memberId }),
    recoveryCodesLeft: async (memberId) => statements(db).recoveryCodesLeft.get({ memberId })?.n ?? 0,
  };
}

export function secondFactorWrites(db: Db): SecondFactorWrites {
  return {
    async enable(memberId, row, recoveryHashes) {
      const added = db
        .insert(secondFactors)
        .values({ memberId, ...row })
        .onConflictDoNothing()
        .run();
      if (added.changes === 0) return false;
      db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId)).run();
      db.insert(recoveryCodes)
        .values(recoveryHashes.map((codeHash) => ({ memberId, codeHash })))
        .run();
      return true;
    },
    useStep: async (memberId, step) => statements(db).useStep.run({ memberId, step }).changes > 0,
    useRecoveryCode: async (memberId, codeHash) =>
      statements(db).useRecoveryCode.run({ memberId, codeHash }).changes > 0,
    async disable(memberId) {
      db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId)).run();
      return db.delete(secondFactors).where(eq(secondFactors.memberId, memberId)).run().changes > 0;
    },
  };
}
