import type { EmailTokenReads, EmailTokenRow, EmailTokenWrites, KnownDeviceWrites } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

type Row = TextTimes<EmailTokenRow, 'createdAt' | 'expiresAt' | 'usedAt'>;

const columns = `token_hash as "tokenHash", member_id as "memberId", purpose, email, created_at as "createdAt",
  expires_at as "expiresAt", used_at as "usedAt"`;
// email_tokens_member_idx: the member's links for one purpose, newest first.
const pending = statement<Row>(
  'email-token-pending',
  `select ${columns} from email_tokens
   where member_id = $1 and purpose = $2 and used_at is null and expires_at > $3
   order by created_at desc limit 1`,
);
const insert = writeStatement(
  'email-token-insert',
  `insert into email_tokens (token_hash, member_id, purpose, email, created_at, expires_at, used_at)
   values ($1, $2, $3, $4, $5, $6, $7)`,
);
const take = statement<Row>(
  'email-token-take',
  `update email_tokens set used_at = $3
   where token_hash = $1 and purpose = $2 and used_at is null and expires_at > $3
   returning ${columns}`,
);
const spendAll = writeStatement(
  'email-token-spend-all',
  'update email_tokens set used_at = $3 where member_id = $1 and purpose = $2 and used_at is null',
);
// One statement: a new device is inserted; a known one has its last sign-in moved on. `xmax = 0` is true
// only for a row this statement inserted.
const seen = statement<{ inserted: boolean }>(
  'known-device-seen',
  `insert into known_devices (member_id, device_key, first_seen_at, last_seen_at) values ($1, $2, $3, $3)
   on conflict (member_id, device_key) do update set last_seen_at = excluded.last_seen_at
   returning (xmax = 0) as inserted`,
);

const toToken = (row: Row): EmailTokenRow => ({
  ...row,
  createdAt: Number(row.createdAt),
  expiresAt: Number(row.expiresAt),
  usedAt: row.usedAt === null ? null : Number(row.usedAt),
});

export function emailTokenReads(db: Queryable): EmailTokenReads {
  return {
    async pending(memberId, purpose, at) {
      const row = (await pending(db, [memberId, purpose, at]))[0];
      return row && toToken(row);
    },
  };
}

export function emailTokenWrites(db: Queryable): EmailTokenWrites {
  return {
    insert: async (row) =>
      void (await insert(db, [
        row.tokenHash,
        row.memberId,
        row.purpose,
        row.email,
        row.createdAt,
        row.expiresAt,
        row.usedAt,
      ])),
    async take(tokenHash, purpose, at) {
      const row = (await take(db, [tokenHash, purpose, at]))[0];
      return row && toToken(row);
    },
    spendAll: async (memberId, purpose, at) => void (await spendAll(db, [memberId, purpose, at])),
  };
}

export function knownDeviceWrites(db: Queryable): KnownDeviceWrites {
  return {
    seen: async (memberId, deviceKey, at) =>
      (await seen(db, [memberId, deviceKey, at]))[0]?.inserted === true,
  };
}
