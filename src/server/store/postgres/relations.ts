import type {
  Barrier,
  FollowSide,
  Reads,
  RelationKind,
  RelationRow,
  RelationshipRow,
  Writes,
} from '../store.js';
import { publicUserSelect } from './columns.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

// As ../sqlite/relations.ts: blocks and mutes, and the one definition of whose content a viewer does not
// see, which every read applies in its own statement (docs/decisions/0004-community-moderation.md).

const relationSelects = (viewer: string) =>
  `select blocked_id from blocks where blocker_id = ${viewer}
   union all select blocker_id from blocks where blocked_id = ${viewer}
   union all select muted_id from mutes where muter_id = ${viewer}`;

/**
 * Whose posts, comments and actions the viewer does not see: their relations, and suspended members for
 * everyone (users_status_created_idx). Used as `author_id <> all (...)`: the array is an InitPlan, read once
 * per statement, then compared on each row. (As `not in (select ...)`, a hashed SubPlan, the planner charged
 * its making to every probe of an index, and chose to scan posts for a page's cards.)
 */
export const hiddenSql = (viewer: string) =>
  `array(${relationSelects(viewer)}
   union all select id from users where status = 'suspended')`;

const tables = {
  block: { table: 'blocks', from: 'blocker_id', to: 'blocked_id' },
  mute: { table: 'mutes', from: 'muter_id', to: 'muted_id' },
} as const;

function perKind(kind: RelationKind) {
  const { table, from, to } = tables[kind];
  return {
    add: writeStatement(
      `${kind}-add`,
      `insert into ${table} (${from}, ${to}, created_at) values ($1, $2, $3) on conflict do nothing`,
    ),
    remove: writeStatement(`${kind}-remove`, `delete from ${table} where ${from} = $1 and ${to} = $2`),
    // A member's own list: their rows by the primary key's prefix, sorted (at most a few hundred).
    list: statement<TextTimes<RelationRow, 'since'>>(
      `${kind}-list`,
      `select ${publicUserSelect('u')}, r.created_at as since
       from ${table} r join users u on u.id = r.${to}
       where r.${from} = $1 order by r.created_at desc, r.${to} desc limit $2`,
    ),
  };
}

const kinds = { block: perKind('block'), mute: perKind('mute') };

const barriers = statement<Barrier>(
  'relation-barriers',
  `select id, blocked, hidden from (
     select u.id,
       exists (select 1 from blocks where blocker_id = $1 and blocked_id = u.id)
         or exists (select 1 from blocks where blocker_id = u.id and blocked_id = $1) as blocked,
       u.status = 'suspended'
         or exists (select 1 from mutes where muter_id = $1 and muted_id = u.id) as hidden
     from users u where u.id = any($2::text[])) as b
   where blocked or hidden`,
);

const postVisible = statement<{ one: number }>(
  'post-visible',
  `select 1 as one from posts p where p.id = $2 and p.author_id <> all (${hiddenSql('$1::text')})`,
);

const relationships = statement<RelationshipRow>(
  'relationships',
  `select u.id,
     exists (select 1 from follows where follower_id = $1 and followee_id = u.id) as following,
     coalesce((select hide_boosts from follows where follower_id = $1 and followee_id = u.id), false)
       as "hideBoosts",
     exists (select 1 from follows where follower_id = u.id and followee_id = $1) as "followedBy",
     exists (select 1 from blocks where blocker_id = $1 and blocked_id = u.id) as blocking,
     exists (select 1 from blocks where blocker_id = u.id and blocked_id = $1) as "blockedBy",
     exists (select 1 from mutes where muter_id = $1 and muted_id = u.id) as muting
   from users u where u.id = any($2::text[])`,
);

const followSides = {
  followers: { self: 'followee_id', other: 'follower_id' },
  following: { self: 'follower_id', other: 'followee_id' },
} as const;

// follows_followee_created_idx serves followers, follows_follower_created_idx followings, in time order.
const followPage = (side: FollowSide, order: 'asc' | 'desc') => {
  const { self, other } = followSides[side];
  return statement<TextTimes<{ id: string; since: number }, 'since'>>(
    `follow-page-${side}-${order}`,
    `select f.${other} as id, f.created_at as since from follows f
     where f.${self} = $2
       and ($3::bigint is null or (f.created_at, f.${other}) < ($3::bigint, $4::text))
       and ($5::bigint is null or (f.created_at, f.${other}) > ($5::bigint, $6::text))
       and f.${other} <> all (${hiddenSql('$1::text')})
     order by f.created_at ${order}, f.${other} ${order} limit $7`,
  );
};
const followPages = {
  followers: { desc: followPage('followers', 'desc'), asc: followPage('followers', 'asc') },
  following: { desc: followPage('following', 'desc'), asc: followPage('following', 'asc') },
};

export function relationReads(db: Queryable): Reads['relations'] {
  return {
    relationships: async (viewer, ids) => (ids.length === 0 ? [] : relationships(db, [viewer, ids])),
    async followPage(viewer, memberId, side, query) {
      const rows = await followPages[side][query.oldestFirst ? 'asc' : 'desc'](db, [
        viewer,
        memberId,
        query.before?.[0] ?? null,
        query.before?.[1] ?? null,
        query.after?.[0] ?? null,
        query.after?.[1] ?? null,
        query.limit,
      ]);
      return rows.map((row) => ({ id: row.id, since: Number(row.since) }));
    },
    async list(memberId, kind, limit) {
      const rows = await kinds[kind].list(db, [memberId, limit]);
      return rows.map((row) => ({ ...row, since: Number(row.since) }));
    },
    postVisible: async (viewerId, postId) => (await postVisible(db, [viewerId, postId])).length > 0,
  };
}

export function relationWrites(db: Queryable): Writes['relations'] {
  return {
    add: async (kind, fromId, toId, at) => void (await kinds[kind].add(db, [fromId, toId, at])),
    remove: async (kind, fromId, toId) => void (await kinds[kind].remove(db, [fromId, toId])),
    barriers: async (actorId, memberIds) =>
      memberIds.length === 0 ? [] : barriers(db, [actorId, memberIds]),
  };
}
