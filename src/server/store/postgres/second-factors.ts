import type { SecondFactorReads, SecondFactorWrites, TotpRow } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

type Row = TextTimes<TotpRow, 'lastStep' | 'enabledAt'>;

const totp = statement<Row>(
  'second-factor-totp',
  `select sealed_secret as "sealedSecret", last_step as "lastStep", enabled_at as "enabledAt"
   from second_factors where member_id = $1`,
);
// The primary key's first column: the member's codes only.
const recoveryCodesLeft = statement<{ n: number }>(
  'recovery-codes-left',
  'select count(*)::int as n from recovery_codes where member_id = $1',
);
const insert = writeStatement(
  'second-factor-insert',
  `insert into second_factors (member_id, sealed_secret, last_step, enabled_at) values ($1, $2, $3, $4)
   on conflict do nothing`,
);
const insertCodes = writeStatement(
  'recovery-codes-insert',
  'insert into recovery_codes (member_id, code_hash) select $1, unnest($2::text[])',
);
// At READ COMMITTED a second sign-in waiting on the row's lock tests `last_step` again as the first left
// it: of two racing with one code, one uses it.
const useStep = writeStatement(
  'second-factor-use-step',
  'update second_factors set last_step = $2 where member_id = $1 and last_step < $2',
);
const useRecoveryCode = writeStatement(
  'recovery-code-use',
  'delete from recovery_codes where member_id = $1 and code_hash = $2',
);
const removeCodes = writeStatement(
  'recovery-codes-delete',
  'delete from recovery_codes where member_id = $1',
);
const remove = writeStatement('second-factor-delete', 'delete from second_factors where member_id = $1');

export function secondFactorReads(db: Queryable): SecondFactorReads {
  return {
    async totp(memberId) {
      const row = (await totp(db, [memberId]))[0];
      return row && { ...row, lastStep: Number(row.lastStep), enabledAt: Number(row.enabledAt) };
    },
    recoveryCodesLeft: async (memberId) => (await recoveryCodesLeft(db, [memberId]))[0]?.n ?? 0,
  };
}

export function secondFactorWrites(db: Queryable): SecondFactorWrites {
  return {
    async enable(memberId, row, recoveryHashes) {
      if ((await insert(db, [memberId, row.sealedSecret, row.lastStep, row.enabledAt])) === 0) return false;
      await removeCodes(db, [memberId]);
      await insertCodes(db, [memberId, recoveryHashes]);
      return true;
    },
    useStep: async (memberId, step) => (await useStep(db, [memberId, step])) > 0,
    useRecoveryCode: async (memberId, codeHash) => (await useRecoveryCode(db, [memberId, codeHash])) > 0,
    async disable(memberId) {
      await removeCodes(db, [memberId]);
      return (await remove(db, [memberId])) > 0;
    },
  };
}
