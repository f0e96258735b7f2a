import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { PostCounts, Reads } from '../store.js';

type CountsRow = PostCounts & { hiddenFromAll: number; authorLimited: number; hiddenFrom: string };

// The reads of live updates (src/server/live/dispatcher.ts): each answers for every stream of the process
// in one statement. The ids come as one JSON array; CROSS JOIN keeps json_each outside, so each id is one
// seek into the table's primary key. A new post reaches no follower who muted its author (one more
// primary-key seek each), and nobody when its author is suspended; the same goes for a post's counts, which
// also say whether its author is limited (the users' key: explore, and the public streams, leave them out).

const statements = preparedOnce((db: Db) => ({
  followersAmong: db.$client
    .prepare<{ authorId: string; ids: string }, string>(
      `select f.follower_id from json_each(:ids) as k cross join follows f
       where f.follower_id = k.value and f.followee_id = :authorId
         and not exists (select 1 from mutes m where m.muter_id = f.follower_id and m.muted_id = :authorId)
         and (select status from users where id = :authorId) <> 'suspended'`,
    )
    .pluck(),
  // A boost: the booster's followers as above, less those who hid the booster's boosts or from whom the
  // post's author is hidden (blocks' primary key both ways, mutes' primary key).
  boostFollowersAmong: db.$client
    .prepare<{ boosterId: string; authorId: string; ids: string }, string>(
      `select f.follower_id from json_each(:ids) as k cross join follows f
       where f.follower_id = k.value and f.followee_id = :boosterId and not f.hide_boosts
         and f.follower_id <> :authorId
         and not exists (select 1 from mutes m where m.muter_id = f.follower_id and m.muted_id = :boosterId)
         and not exists (select 1 from mutes m where m.muter_id = f.follower_id and m.muted_id = :authorId)
         and not exists (select 1 from blocks b where b.blocker_id = f.follower_id and b.blocked_id = :authorId)
         and not exists (select 1 from blocks b where b.blocker_id = :authorId and b.blocked_id = f.follower_id)
         and (select status from users where id = :boosterId) <> 'suspended'
         and (select status from users where id = :authorId) <> 'suspended'`,
    )
    .pluck(),
  // The rule of hiddenSql (relations.ts) seen from the author's side, for every connected member at once:
  // the author's blocks either way and mutes of the author, each a seek by index for a connected member
  // (blocks' primary key and blocks_blocked_idx both hold the pair; mutes_muted_idx). The members' list is
  // built once per statement; no stream costs a statement of its own.
  postCounts: db.$client.prepare<{ ids: string; members: string }, CountsRow>(
    `select p.id as postId, p.like_count as likeCount, p.comment_count as commentCount,
       (select status from users u where u.id = p.author_id) = 'suspended' as hiddenFromAll,
       (select limited_at from users u where u.id = p.author_id) is not null as authorLimited,
       (select json_group_array(h.id) from (
          select b.blocked_id as id from blocks b
          where b.blocker_id = p.author_id and b.blocked_id in (select value from json_each(:members))
          union select b.blocker_id from blocks b
          where b.blocked_id = p.author_id and b.blocker_id in (select value from json_each(:members))
          union select m.muter_id from mutes m
          where m.muted_id = p.author_id and m.muter_id in (select value from json_each(:members))
        ) as h) as hiddenFrom
     from json_each(:ids) as k cross join posts p where p.id = k.value`,
  ),
}));

export function fanOutReads(db: Db): Reads['fanOut'] {
  return {
    followersAmong: async (authorId, memberIds) =>
      memberIds.length === 0
        ? []
        : statements(db).followersAmong.all({ authorId, ids: JSON.stringify(memberIds) }),
    boostFollowersAmong: async (boosterId, authorId, memberIds) =>
      memberIds.length === 0
        ? []
        : statements(db).boostFollowersAmong.all({ boosterId, authorId, ids: JSON.stringify(memberIds) }),
    postCounts: async (postIds, memberIds) =>
      postIds.length === 0
        ? []
        : statements(db)
            .postCounts.all({ ids: JSON.stringify(postIds), members: JSON.stringify(memberIds) })
            .map(({ hiddenFromAll, authorLimited, hiddenFrom, ...counts }) => ({
              ...counts,
              hiddenFrom: JSON.parse(hiddenFrom) as string[],
              hiddenFromAll: hiddenFromAll === 1,
              authorLimited: authorLimited === 1,
            })),
  };
}
