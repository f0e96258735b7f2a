import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { InviteReads, InviteRow, InviteWrites } from '../store.js';
import type { Db } from './client.js';
import { publicUserColumns } from './columns.js';
import { preparedOnce } from './prepared.js';
import { invites, users } from './schema.js';

const inviteColumns = {
  code: invites.code,
  createdBy: publicUserColumns,
  createdAt: invites.createdAt,
  expiresAt: invites.expiresAt,
  maxUses: invites.maxUses,
  uses: invites.uses,
};

const statements = preparedOnce((db: Db) => {
  const code = sql.placeholder('code');
  const at = sql.placeholder('at');
  const listed = () =>
    db.select(inviteColumns).from(invites).innerJoin(users, eq(users.id, invites.createdBy));
  return {
    creatorOf: db
      .select({ createdBy: invites.createdBy })
      .from(invites)
      .where(eq(invites.code, code))
      .prepare(),
    // invites_creator_created_idx: a member's codes newest first, without a sort.
    byCreator: listed()
      .where(eq(invites.createdBy, sql.placeholder('creatorId')))
      .orderBy(desc(invites.createdAt))
      .limit(sql.placeholder('limit'))
      .prepare(),
    // invites_creator_created_idx: the member's codes, then a test of each (a member holds few).
    liveCount: db
      .select({ n: sql<number>`count(*)` })
      .from(invites)
      .where(
        and(
          eq(invites.createdBy, sql.placeholder('creatorId')),
          or(isNull(invites.expiresAt), gt(invites.expiresAt, at)),
          or(isNull(invites.maxUses), lt(invites.uses, invites.maxUses)),
        ),
      )
      .prepare(),
    // Every code: a scan of a table that holds what admins and members created by hand, bounded by `limit`.
    newest: listed()
      .orderBy(desc(invites.createdAt), desc(invites.code))
      .limit(sql.placeholder('limit'))
      .prepare(),
    redeem: db
      .update(invites)
      .set({ uses: sql`${invites.uses} + 1` })
      .where(
        and(
          eq(invites.code, code),
          or(isNull(invites.expiresAt), gt(invites.expiresAt, at)),
          or(isNull(invites.maxUses), lt(invites.uses, invites.maxUses)),
        ),
      )
      .prepare(),
  };
});

export function inviteReads(db: Db): InviteReads {
  return {
    creatorOf: async (code) => statements(db).creatorOf.get({ code })?.createdBy,
    byCreator: async (creatorId, limit): Promise<InviteRow[]> =>
      statements(db).byCreator.all({ creatorId, limit }),
    liveCount: async (creatorId, at) => statements(db).liveCount.get({ creatorId, at })?.n ?? 0,
    newest: async (limit) => statements(db).newest.all({ limit }),
  };
}

export function inviteWrites(db: Db): InviteWrites {
  return {
    insert: async (row) => db.insert(invites).values(row).onConflictDoNothing().run().changes > 0,
    redeem: async (code, at) => statements(db).redeem.run({ code, at }).changes > 0,
    delete: async (code) => void db.delete(invites).where(eq(invites.code, code)).run(),
  };
}
