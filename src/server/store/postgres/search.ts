import type { LookupReads, PersonKey, PersonRow, TagRow } from '../store.js';
import type { Queryable } from './queryable.js';
import { hiddenSql } from './relations.js';

// As ../sqlite/search.ts: people and tag lookup, each a range of an index that the typed prefix makes. The
// search keys and post_tags' tags are collated "C", so a prefix's keys are one range in every locale.

const inRange = (column: string) => `u.${column} >= $2 and u.${column} < $3`;

// The three search indexes, each a range (a BitmapOr), then the matches sorted. Unnamed, so planned for
// its values each time: a generic plan, not knowing how narrow the ranges are, may walk the follower index.
const people = `select u.id, u.username, u.first_name as "firstName", u.last_name as "lastName",
    u.profile_pic as "profilePic", u.follower_count as "followerCount", u.username_key as "usernameKey",
    exists (select 1 from follows where follower_id = $1 and followee_id = u.id) as "followedByMe"
  from users u
  where (${inRange('search_username')} or ${inRange('search_name')} or ${inRange('search_last')})
    and u.status = 'active' and u.limited_at is null
    and u.id <> all (${hiddenSql('$1')})
    and (u.follower_count < $4::bigint or (u.follower_count = $4::bigint and u.username_key > $5))
  order by u.follower_count desc, u.username_key
  limit $6`;

// post_tags_tag_created_idx (tag, created_at, post_id): the range read from the index alone (collated "C").
const tags = `select tag, (count(*) filter (where created_at >= $3))::int as recent, count(*)::int as total
  from post_tags where tag >= $1 and tag < $2
  group by tag order by recent desc, total desc, tag limit $4`;

/** A key above every key that starts with the prefix: U+10FFFF's bytes sort after every character's. */
const afterEvery = '\u{10FFFF}';

type PersonColumns = Omit<PersonRow, 'key'> & { usernameKey: string };

export function searchReads(db: Queryable): LookupReads {
  return {
    async people(viewer, prefix, after, limit) {
      const [c, k]: PersonKey = after ?? [Number.MAX_SAFE_INTEGER, ''];
      const { rows } = await db.query<PersonColumns>(people, [
        viewer,
        prefix,
        prefix + afterEvery,
        c,
        k,
        limit,
      ]);
      return rows.map(({ usernameKey, ...row }) => ({ ...row, key: [row.followerCount, usernameKey] }));
    },
    async tags(prefix, since, limit) {
      const { rows } = await db.query<TagRow>(tags, [prefix, prefix + afterEvery, since, limit]);
      return rows;
    },
  };
}
