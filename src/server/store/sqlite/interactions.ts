import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { hiddenSql } from './relations.js';
import type { InteractionRow, Reads } from '../store.js';

// interface/interactions.ts. The lists walk post_reactions_post_kind_created_idx and
// boosts_post_created_idx from the newest down, the viewer's hidden members left out.

const hidden = hiddenSql(':viewerId');
// Without a key the bound is above every row: the newest time and the largest id.
const below = (table: string) => `(:k0 is null or (${table}.created_at, ${table}.user_id) < (:k0, :k1))`;

const statements = preparedOnce((db: Db) => ({
  comment: db.$client.prepare<{ id: string }, { postId: string; createdAt: number }>(
    'select post_id as postId, created_at as createdAt from comments where id = :id',
  ),
  boosterAt: db.$client
    .prepare<{ viewerId: string | null; postId: string; at: number }, string>(
      `select user_id from boosts where post_id = :postId and created_at = :at
       and user_id not in (${hidden}) limit 1`,
    )
    .pluck(),
  boostTime: db.$client
    .prepare<{ postId: string; memberId: string }, number>(
      'select created_at from boosts where post_id = :postId and user_id = :memberId',
    )
    .pluck(),
  likers: db.$client.prepare<Bind, InteractionRow>(
    `select r.user_id as memberId, r.created_at as at from post_reactions r
     where r.post_id = :postId and r.kind = 'like' and ${below('r')} and r.user_id not in (${hidden})
     order by r.created_at desc, r.user_id desc limit :limit`,
  ),
  boosters: db.$client.prepare<Bind, InteractionRow>(
    `select b.user_id as memberId, b.created_at as at from boosts b
     where b.post_id = :postId and ${below('b')} and b.user_id not in (${hidden})
     order by b.created_at desc, b.user_id desc limit :limit`,
  ),
}));

type Bind = {
  viewerId: string | null;
  postId: string;
  k0: number | null;
  k1: string | null;
  limit: number;
};

export function interactionReads(db: Db): Reads['interactions'] {
  const bind = (viewerId: string | null, postId: string, key: [number, string] | null, limit: number) => ({
    viewerId,
    postId,
    k0: key?.[0] ?? null,
    k1: key?.[1] ?? null,
    limit,
  });
  return {
    comment: async (id) => statements(db).comment.get({ id }),
    boosterAt: async (viewerId, postId, at) => statements(db).boosterAt.get({ viewerId, postId, at }),
    boostTime: async (postId, memberId) => statements(db).boostTime.get({ postId, memberId }),
    likers: async (viewerId, postId, key, limit) =>
      statements(db).likers.all(bind(viewerId, postId, key, limit)),
    boosters: async (viewerId, postId, key, limit) =>
      statements(db).boosters.all(bind(viewerId, postId, key, limit)),
  };
}
