import type { Writes } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement } from './statement.js';

// Boosts, as ../sqlite/boosts.ts keeps them: a row per (post, member), counted by a card from the key.

const has = statement('boost-has', 'select 1 from boosts where post_id = $1 and user_id = $2');
const add = writeStatement(
  'boost-add',
  'insert into boosts (post_id, user_id, created_at) values ($1, $2, $3)',
);
const remove = statement<{ at: string }>(
  'boost-remove',
  'delete from boosts where post_id = $1 and user_id = $2 returning created_at::text as at',
);
const setHidden = writeStatement(
  'boost-set-hidden',
  'update follows set hide_boosts = $3 where follower_id = $1 and followee_id = $2',
);

export function boostWrites(db: Queryable): Writes['boosts'] {
  return {
    has: async (postId, userId) => (await has(db, [postId, userId])).length > 0,
    add: async (postId, userId, at) => void (await add(db, [postId, userId, at])),
    async remove(postId, userId) {
      const [row] = await remove(db, [postId, userId]);
      return row ? Number(row.at) : undefined;
    },
    setHidden: async (followerId, followeeId, hidden) =>
      void (await setHidden(db, [followerId, followeeId, hidden])),
  };
}
