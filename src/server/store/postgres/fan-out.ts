import type { PostCounts, Reads } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement } from './statement.js';

// The reads of live updates (src/server/live/dispatcher.ts): each answers for every stream of the process
// in one statement; each id of the array is one probe of the table's primary key. A new post
// reaches no follower who muted its author, and nobody when its author is suspended.

const followersAmong = statement<{ id: string }>(
  'fan-out-followers-among',
  `select f.follower_id as id from unnest($2::text[]) as k(id)
   join follows f on f.follower_id = k.id and f.followee_id = $1
   where not exists (select 1 from mutes m where m.muter_id = f.follower_id and m.muted_id = $1)
     and (select status from users where id = $1) <> 'suspended'`,
);
const postCounts = statement<{ postId: string; likeCount: number; commentCount: number }>(
  'fan-out-post-counts',
  `select id as "postId", like_count as "likeCount", comment_count as "commentCount"
   from posts where id = any($1::text[])`,
);

export function fanOutReads(db: Queryable): Reads['fanOut'] {
  return {
    followersAmong: async (authorId, memberIds) =>
      memberIds.length === 0 ? [] : (await followersAmong(db, [authorId, memberIds])).map((row) => row.id),
    postCounts: async (postIds): Promise<PostCounts[]> =>
      postIds.length === 0
        ? []
        : (await postCounts(db, [postIds])).map((row) => ({
            postId: row.postId,
            likeCount: Number(row.likeCount),
            commentCount: Number(row.commentCount),
          })),
  };
}
