import type { InteractionRow, Reads } from '../store.js';
import type { Queryable } from './queryable.js';
import { hiddenSql } from './relations.js';
import { statement, type TextTimes } from './statement.js';

// interface/interactions.ts, as ../sqlite/interactions.ts: the lists walk post_reactions_post_kind_created_idx
// and boosts_post_created_idx from the newest down, the viewer's hidden members left out.

const hidden = hiddenSql('$1::text');
const below = (table: string) =>
  `($3::bigint is null or (${table}.created_at, ${table}.user_id) < ($3::bigint, $4::text))`;

const comment = statement<{ postId: string; createdAt: string }>(
  'interaction-comment',
  'select post_id as "postId", created_at as "createdAt" from comments where id = $1',
);
const boosterAt = statement<{ userId: string }>(
  'interaction-booster-at',
  `select user_id as "userId" from boosts where post_id = $2 and created_at = $3
   and user_id <> all (${hidden}) limit 1`,
);
const boostTime = statement<{ at: string }>(
  'interaction-boost-time',
  'select created_at as at from boosts where post_id = $1 and user_id = $2',
);
const likers = statement<TextTimes<InteractionRow, 'at'>>(
  'interaction-likers',
  `select r.user_id as "memberId", r.created_at as at from post_reactions r
   where r.post_id = $2 and r.kind = 'like' and ${below('r')} and r.user_id <> all (${hidden})
   order by r.created_at desc, r.user_id desc limit $5`,
);
const boosters = statement<TextTimes<InteractionRow, 'at'>>(
  'interaction-boosters',
  `select b.user_id as "memberId", b.created_at as at from boosts b
   where b.post_id = $2 and ${below('b')} and b.user_id <> all (${hidden})
   order by b.created_at desc, b.user_id desc limit $5`,
);

const numbered = (rows: TextTimes<InteractionRow, 'at'>[]) =>
  rows.map((row) => ({ memberId: row.memberId, at: Number(row.at) }));

export function interactionReads(db: Queryable): Reads['interactions'] {
  const values = (viewerId: string | null, postId: string, key: [number, string] | null, limit: number) => [
    viewerId,
    postId,
    key?.[0] ?? null,
    key?.[1] ?? null,
    limit,
  ];
  return {
    async comment(id) {
      const row = (await comment(db, [id]))[0];
      return row && { postId: row.postId, createdAt: Number(row.createdAt) };
    },
    boosterAt: async (viewerId, postId, at) => (await boosterAt(db, [viewerId, postId, at]))[0]?.userId,
    async boostTime(postId, memberId) {
      const row = (await boostTime(db, [postId, memberId]))[0];
      return row && Number(row.at);
    },
    likers: async (viewerId, postId, key, limit) =>
      numbered(await likers(db, values(viewerId, postId, key, limit))),
    boosters: async (viewerId, postId, key, limit) =>
      numbered(await boosters(db, values(viewerId, postId, key, limit))),
  };
}
