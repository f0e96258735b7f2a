import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { hiddenSql } from './relations.js';
import type { LookupReads, PersonRow, TagRow } from '../store.js';

// People and tag lookup (docs/search-people-and-tags.md). Each reads the range of an index that the typed
// prefix makes, from the prefix up to the first key that no longer starts with it.

type PersonParams = { viewer: string | null; lo: string; hi: string; c: number; k: string; limit: number };
type PersonColumns = Omit<PersonRow, 'followedByMe' | 'key'> & { followedByMe: number; usernameKey: string };

const inRange = (column: string) => `u.${column} >= :lo and u.${column} < :hi`;

const statements = preparedOnce((db: Db) => ({
  // The three search indexes, each a range (a MULTI-INDEX OR); the matches are then sorted, so the cost is
  // the number of members whose names start with the prefix, not the instance's size.
  people: db.$client.prepare<PersonParams, PersonColumns>(
    `select u.id, u.username, u.first_name as firstName, u.last_name as lastName,
       u.profile_pic as profilePic, u.follower_count as followerCount, u.username_key as usernameKey,
       exists (select 1 from follows where follower_id = :viewer and followee_id = u.id) as followedByMe
     from users u
     where (${inRange('search_username')} or ${inRange('search_name')} or ${inRange('search_last')})
       and u.status = 'active' and u.limited_at is null
       and u.id not in (${hiddenSql(':viewer')})
       and (u.follower_count < :c or (u.follower_count = :c and u.username_key > :k))
     order by u.follower_count desc, u.username_key
     limit :limit`,
  ),
  // post_tags_tag_created_idx (tag, created_at, post_id) holds all it needs: the range is read from the
  // index alone, each tag's posts counted there. The primary key (tag, post_id) reads the same range but
  // visits the table for each row's time; with some statistics the planner picked it, so the index is named.
  tags: db.$client.prepare<{ lo: string; hi: string; since: number; limit: number }, TagRow>(
    `select tag, sum(created_at >= :since) as recent, count(*) as total
     from post_tags indexed by post_tags_tag_created_idx
     where tag >= :lo and tag < :hi
     group by tag order by recent desc, total desc, tag limit :limit`,
  ),
}));

/** A key above every key that starts with the prefix (U+10FFFF sorts after every character, in UTF-8). */
const afterEvery = '\u{10FFFF}';

export function searchReads(db: Db): LookupReads {
  return {
    async people(viewer, prefix, after, limit) {
      const [c, k] = after ?? [Number.MAX_SAFE_INTEGER, ''];
      const rows = statements(db).people.all({ viewer, lo: prefix, hi: prefix + afterEvery, c, k, limit });
      return rows.map(({ usernameKey, ...row }) => ({
        ...row,
        followedByMe: row.followedByMe === 1,
        key: [row.followerCount, usernameKey],
      }));
    },
    tags: async (prefix, since, limit) =>
      statements(db).tags.all({ lo: prefix, hi: prefix + afterEvery, since, limit }),
  };
}
