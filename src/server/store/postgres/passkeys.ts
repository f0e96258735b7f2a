import type { PasskeyReads, PasskeyRow, PasskeyWrites } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

type Row = TextTimes<PasskeyRow, 'counter' | 'createdAt' | 'lastUsedAt'>;

const columns = `id, member_id as "memberId", name, public_key as "publicKey", counter, transports,
  created_at as "createdAt", last_used_at as "lastUsedAt"`;
// passkeys_member_idx: the member's, in the order they were added.
const byMember = statement<Row>(
  'passkeys-by-member',
  `select ${columns} from passkeys where member_id = $1 order by created_at`,
);
const find = statement<Row>('passkey-find', `select ${columns} from passkeys where id = $1`);
const insert = writeStatement(
  'passkey-insert',
  `insert into passkeys (id, member_id, name, public_key, counter, transports, created_at, last_used_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
);
const used = writeStatement(
  'passkey-used',
  'update passkeys set counter = $2, last_used_at = $3 where id = $1',
);
const remove = writeStatement('passkey-remove', 'delete from passkeys where member_id = $1 and id = $2');

const toPasskey = (row: Row): PasskeyRow => ({
  ...row,
  counter: Number(row.counter),
  createdAt: Number(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
});

export function passkeyReads(db: Queryable): PasskeyReads {
  return {
    byMember: async (memberId) => (await byMember(db, [memberId])).map(toPasskey),
    async find(id) {
      const row = (await find(db, [id]))[0];
      return row && toPasskey(row);
    },
  };
}

export function passkeyWrites(db: Queryable): PasskeyWrites {
  return {
    insert: async (row) =>
      (await insert(db, [
        row.id,
        row.memberId,
        row.name,
        row.publicKey,
        row.counter,
        row.transports,
        row.createdAt,
        row.lastUsedAt,
      ])) > 0,
    used: async (id, counter, at) => void (await used(db, [id, counter, at])),
    remove: async (memberId, id) => (await remove(db, [memberId, id])) > 0,
  };
}
