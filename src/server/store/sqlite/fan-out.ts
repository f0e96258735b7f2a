import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { PostCounts, Reads } from '../store.js';

// The reads of live updates (src/server/live/dispatcher.ts): each answers for every stream of the process
// in one statement. The ids come as one JSON array; CROSS JOIN keeps json_each outside, so each id is one
// seek into the table's primary key. A new post reaches no follower who muted its author (one more
// primary-key seek each), and nobody when its author is suspended.

const statements = preparedOnce((db: Db) => ({
  followersAmong: db.$client
    .prepare<{ authorId: string; ids: string }, string>(
      `select f.follower_id from json_each(:ids) as k cross join follows f
       where f.follower_id = k.value and f.followee_id = :authorId
         and not exists (select 1 from mutes m where m.muter_id = f.follower_id and m.muted_id = :authorId)
         and (select status from users where id = :authorId) <> 'suspended'`,
    )
    .pluck(),
  postCounts: db.$client.prepare<{ ids: string }, PostCounts>(
    `select p.id as postId, p.like_count as likeCount, p.comment_count as commentCount
     from json_each(:ids) as k cross join posts p where p.id = k.value`,
  ),
}));

export function fanOutReads(db: Db): Reads['fanOut'] {
  return {
    followersAmong: async (authorId, memberIds) =>
      memberIds.length === 0
        ? []
        : statements(db).followersAmong.all({ authorId, ids: JSON.stringify(memberIds) }),
    postCounts: async (postIds) =>
      postIds.length === 0 ? [] : statements(db).postCounts.all({ ids: JSON.stringify(postIds) }),
  };
}
