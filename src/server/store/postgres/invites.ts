import type { InviteReads, InviteRow, InviteWrites } from '../store.js';
import { publicUserJson } from './columns.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

type Row = TextTimes<InviteRow, 'createdAt' | 'expiresAt'>;

const listed = `select i.code, ${publicUserJson('u')} as "createdBy", i.created_at as "createdAt",
  i.expires_at as "expiresAt", i.max_uses as "maxUses", i.uses
  from invites i join users u on u.id = i.created_by`;

const creatorOf = statement<{ createdBy: string }>(
  'invite-creator',
  'select created_by as "createdBy" from invites where code = $1',
);
// invites_creator_created_idx: a member's codes newest first, without a sort.
const byCreator = statement<Row>(
  'invites-by-creator',
  `${listed} where i.created_by = $1 order by i.created_at desc limit $2`,
);
// invites_creator_created_idx: the member's codes, then a test of each (a member holds few).
const liveCount = statement<{ n: number }>(
  'invites-live-count',
  `select count(*)::int as n from invites where created_by = $1 and (expires_at is null or expires_at > $2)
   and (max_uses is null or uses < max_uses)`,
);
// Every code: a scan of a table that holds what admins and members created by hand, bounded by `limit`.
const newest = statement<Row>('invites-newest', `${listed} order by i.created_at desc, i.code desc limit $1`);
const insert = writeStatement(
  'invite-insert',
  `insert into invites (code, created_by, created_at, expires_at, max_uses) values ($1, $2, $3, $4, $5)
   on conflict do nothing`,
);
// At READ COMMITTED a second signup waiting on the row's lock checks the conditions again on the row as the
// first left it: of two racing for a last use, one counts it and the other finds none left.
const redeem = writeStatement(
  'invite-redeem',
  `update invites set uses = uses + 1 where code = $1 and (expires_at is null or expires_at > $2)
   and (max_uses is null or uses < max_uses)`,
);
const remove = writeStatement('invite-delete', 'delete from invites where code = $1');

const toInvite = (row: Row): InviteRow => ({
  ...row,
  createdAt: Number(row.createdAt),
  expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
});

export function inviteReads(db: Queryable): InviteReads {
  return {
    creatorOf: async (code) => (await creatorOf(db, [code]))[0]?.createdBy,
    byCreator: async (creatorId, limit) => (await byCreator(db, [creatorId, limit])).map(toInvite),
    liveCount: async (creatorId, at) => (await liveCount(db, [creatorId, at]))[0]?.n ?? 0,
    newest: async (limit) => (await newest(db, [limit])).map(toInvite),
  };
}

export function inviteWrites(db: Queryable): InviteWrites {
  return {
    insert: async (row) =>
      (await insert(db, [row.code, row.createdBy, row.createdAt, row.expiresAt, row.maxUses])) > 0,
    redeem: async (code, at) => (await redeem(db, [code, at])) > 0,
    delete: async (code) => void (await remove(db, [code])),
  };
}
