import type { PostCountsFor, Reads } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement } from './statement.js';

// The reads of live updates (src/server/live/dispatcher.ts): each answers for every stream of the process
// in one statement; each id of the array is one probe of the table's primary key. A new post
// reaches no follower who muted its author, and nobody when its author is suspended; the same goes for a
// post's counts, which also say whether its author is limited (explore, and the public streams, leave them
// out).

const followersAmong = statement<{ id: string }>(
  'fan-out-followers-among',
  `select f.follower_id as id from unnest($2::text[]) as k(id)
   join follows f on f.follower_id = k.id and f.followee_id = $1
   where not exists (select 1 from mutes m where m.muter_id = f.follower_id and m.muted_id = $1)
     and (select status from users where id = $1) <> 'suspended'`,
);
// A boost: the booster's followers as above, less those who hid the booster's boosts or from whom the
// post's author is hidden.
const boostFollowersAmong = statement<{ id: string }>(
  'fan-out-boost-followers-among',
  `select f.follower_id as id from unnest($3::text[]) as k(id)
   join follows f on f.follower_id = k.id and f.followee_id = $1
   where not f.hide_boosts and f.follower_id <> $2
     and not exists (select 1 from mutes m where m.muter_id = f.follower_id and m.muted_id in ($1, $2))
     and not exists (select 1 from blocks b where b.blocker_id = f.follower_id and b.blocked_id = $2)
     and not exists (select 1 from blocks b where b.blocker_id = $2 and b.blocked_id = f.follower_id)
     and (select status from users where id = $1) <> 'suspended'
     and (select status from users where id = $2) <> 'suspended'`,
);
// The rule of hiddenSql (relations.ts) seen from the author's side, for every connected member at once:
// the author's blocks either way and mutes of the author, by index (blocks_pkey or blocks_blocked_idx,
// mutes_muted_idx), each kept if its member is connected here. No stream costs a statement of its own.
const postCounts = statement<{
  postId: string;
  likeCount: number;
  commentCount: number;
  hiddenFromAll: boolean;
  authorLimited: boolean;
  hiddenFrom: string[];
}>(
  'fan-out-post-counts',
  `select p.id as "postId", p.like_count as "likeCount", p.comment_count as "commentCount",
     coalesce((select status from users u where u.id = p.author_id) = 'suspended', false) as "hiddenFromAll",
     coalesce((select u.limited_at is not null from users u where u.id = p.author_id), false) as "authorLimited",
     array(select b.blocked_id from blocks b where b.blocker_id = p.author_id and b.blocked_id = any($2::text[])
       union select b.blocker_id from blocks b where b.blocked_id = p.author_id and b.blocker_id = any($2::text[])
       union select m.muter_id from mutes m where m.muted_id = p.author_id and m.muter_id = any($2::text[]))
       as "hiddenFrom"
   from posts p where p.id = any($1::text[])`,
);

export function fanOutReads(db: Queryable): Reads['fanOut'] {
  return {
    followersAmong: async (authorId, memberIds) =>
      memberIds.length === 0 ? [] : (await followersAmong(db, [authorId, memberIds])).map((row) => row.id),
    boostFollowersAmong: async (boosterId, authorId, memberIds) =>
      memberIds.length === 0
        ? []
        : (await boostFollowersAmong(db, [boosterId, authorId, memberIds])).map((row) => row.id),
    postCounts: async (postIds, memberIds): Promise<PostCountsFor[]> =>
      postIds.length === 0
        ? []
        : (await postCounts(db, [postIds, memberIds])).map((row) => ({
            postId: row.postId,
            likeCount: Number(row.likeCount),
            commentCount: Number(row.commentCount),
            hiddenFrom: row.hiddenFrom,
            hiddenFromAll: row.hiddenFromAll,
            authorLimited: row.authorLimited,
          })),
  };
}
