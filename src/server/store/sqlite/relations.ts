import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { FollowSide, Reads, RelationKind, RelationRow, RelationshipRow, Writes } from '../store.js';

// Blocks and mutes, and the one definition of whose content a viewer does not see, which every read
// (feeds, cards, threads, notifications, who to follow) applies in its own statement
// (docs/decisions/0004-community-moderation.md).

/**
 * The members the viewer blocked, who blocked the viewer, or whom the viewer muted, as a select of ids.
 * `viewer` is an SQL expression (a parameter); null (signed out) hides nobody.
 */
export const relationHiddenSql = (viewer: string) =>
  `select blocked_id from blocks where blocker_id = ${viewer}
   union all select blocker_id from blocks where blocked_id = ${viewer}
   union all select muted_id from mutes where muter_id = ${viewer}`;

/**
 * Whose posts, comments and actions the viewer does not see: their relations, and suspended members for
 * everyone (users_status_created_idx). Used as `author_id not in (...)`: SQLite builds the list once per
 * statement, from index entries, and probes it per row; none of its ids is null.
 */
export const hiddenSql = (viewer: string) =>
  `${relationHiddenSql(viewer)}
   union all select id from users where status = 'suspended'`;

/** The same two for statements Drizzle builds, the viewer a placeholder. */
export const relationHiddenFrom = (viewer: Placeholder): SQL =>
  sql`select blocked_id from blocks where blocker_id = ${viewer}
    union all select blocker_id from blocks where blocked_id = ${viewer}
    union all select muted_id from mutes where muter_id = ${viewer}`;
export const hiddenFrom = (viewer: Placeholder): SQL =>
  sql`${relationHiddenFrom(viewer)} union all select id from users where status = 'suspended'`;

const tables = {
  block: { table: 'blocks', from: 'blocker_id', to: 'blocked_id' },
  mute: { table: 'mutes', from: 'muter_id', to: 'muted_id' },
} as const;

type Pair = { fromId: string; toId: string };
type BarrierRow = { id: string; blocked: number; hidden: number };

const statements = preparedOnce((db: Db) => {
  const perKind = (kind: RelationKind) => {
    const { table, from, to } = tables[kind];
    return {
      add: db.$client.prepare<Pair & { at: number }>(
        `insert into ${table} (${from}, ${to}, created_at) values (:fromId, :toId, :at) on conflict do nothing`,
      ),
      remove: db.$client.prepare<Pair>(`delete from ${table} where ${from} = :fromId and ${to} = :toId`),
      // A member's own list: their rows by the primary key's prefix, sorted (at most a few hundred).
      list: db.$client.prepare<{ memberId: string; limit: number }, RelationRow>(
        `select u.id, u.username, u.first_name as firstName, u.last_name as lastName,
           u.profile_pic as profilePic, r.created_at as since
         from ${table} r join users u on u.id = r.${to}
         where r.${from} = :memberId order by r.created_at desc, r.${to} desc limit :limit`,
      ),
    };
  };
  return {
    block: perKind('block'),
    mute: perKind('mute'),
    barriers: db.$client.prepare<{ actorId: string; ids: string }, BarrierRow>(
      `select id, blocked, hidden from (
         select u.id,
           exists (select 1 from blocks where blocker_id = :actorId and blocked_id = u.id)
             or exists (select 1 from blocks where blocker_id = u.id and blocked_id = :actorId) as blocked,
           u.status = 'suspended'
             or exists (select 1 from mutes where muter_id = :actorId and muted_id = u.id) as hidden
         from json_each(:ids) as k cross join users u on u.id = k.value)
       where blocked or hidden`,
    ),
    postVisible: db.$client
      .prepare<{ viewer: string | null; postId: string }, number>(
        `select 1 from posts p where p.id = :postId and p.author_id not in (${hiddenSql(':viewer')})`,
      )
      .pluck(),
  };
});

type Flags<T> = { [K in keyof T]: T[K] extends boolean ? number : T[K] };

const relationships = preparedOnce((db: Db) =>
  db.$client.prepare<{ viewer: string; ids: string }, Flags<RelationshipRow>>(
    `select u.id,
       exists (select 1 from follows where follower_id = :viewer and followee_id = u.id) as following,
       coalesce((select hide_boosts from follows where follower_id = :viewer and followee_id = u.id), 0)
         as hideBoosts,
       exists (select 1 from follows where follower_id = u.id and followee_id = :viewer) as followedBy,
       exists (select 1 from blocks where blocker_id = :viewer and blocked_id = u.id) as blocking,
       exists (select 1 from blocks where blocker_id = u.id and blocked_id = :viewer) as blockedBy,
       exists (select 1 from mutes where muter_id = :viewer and muted_id = u.id) as muting
     from json_each(:ids) as k cross join users u on u.id = k.value`,
  ),
);

const followSides = {
  followers: { self: 'followee_id', other: 'follower_id' },
  following: { self: 'follower_id', other: 'followee_id' },
} as const;

type FollowPageBind = {
  viewer: string | null;
  memberId: string;
  beforeAt: number | null;
  beforeId: string | null;
  afterAt: number | null;
  afterId: string | null;
  limit: number;
};

// follows_followee_created_idx serves followers, follows_follower_created_idx followings, in time order.
const followPages = preparedOnce((db: Db) => {
  const page = (side: FollowSide, order: 'asc' | 'desc') => {
    const { self, other } = followSides[side];
    return db.$client.prepare<FollowPageBind, { id: string; since: number }>(
      `select f.${other} as id, f.created_at as since from follows f
       where f.${self} = :memberId
         and (:beforeAt is null or (f.created_at, f.${other}) < (:beforeAt, :beforeId))
         and (:afterAt is null or (f.created_at, f.${other}) > (:afterAt, :afterId))
         and f.${other} not in (${hiddenSql(':viewer')})
       order by f.created_at ${order}, f.${other} ${order} limit :limit`,
    );
  };
  return {
    followers: { desc: page('followers', 'desc'), asc: page('followers', 'asc') },
    following: { desc: page('following', 'desc'), asc: page('following', 'asc') },
  };
});

export function relationReads(db: Db): Reads['relations'] {
  return {
    relationships: async (viewer, ids) =>
      ids.length === 0
        ? []
        : relationships(db)
            .all({ viewer, ids: JSON.stringify(ids) })
            .map((row) => ({
              id: row.id,
              following: row.following === 1,
              hideBoosts: row.hideBoosts === 1,
              followedBy: row.followedBy === 1,
              blocking: row.blocking === 1,
              blockedBy: row.blockedBy === 1,
              muting: row.muting === 1,
            })),
    followPage: async (viewer, memberId, side, query) =>
      followPages(db)[side][query.oldestFirst ? 'asc' : 'desc'].all({
        viewer,
        memberId,
        beforeAt: query.before?.[0] ?? null,
        beforeId: query.before?.[1] ?? null,
        afterAt: query.after?.[0] ?? null,
        afterId: query.after?.[1] ?? null,
        limit: query.limit,
      }),
    list: async (memberId, kind, limit) => statements(db)[kind].list.all({ memberId, limit }),
    postVisible: async (viewer, postId) => statements(db).postVisible.get({ viewer, postId }) === 1,
  };
}

export function relationWrites(db: Db): Writes['relations'] {
  return {
    add: async (kind, fromId, toId, at) => void statements(db)[kind].add.run({ fromId, toId, at }),
    remove: async (kind, fromId, toId) => void statements(db)[kind].remove.run({ fromId, toId }),
    barriers: async (actorId, memberIds) =>
      memberIds.length === 0
        ? []
        : statements(db)
            .barriers.all({ actorId, ids: JSON.stringify(memberIds) })
            .map((row) => ({ id: row.id, blocked: row.blocked === 1, hidden: row.hidden === 1 })),
  };
}
