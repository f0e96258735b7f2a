import type { MediaReads } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement } from './statement.js';

// As ../sqlite/media-usage.ts: the storage pictures take. PostgreSQL reads the table in one sequential pass
// here, which its planner rightly costs below an index-only scan of every entry; either way each picture is
// read once and summed at once, and only the members' sums are joined and sorted
// (tests/pg/media-usage-plans.test.ts).

const usage = statement<{ pictures: string; unattached: string; bytes: string }>(
  'media-usage',
  `select count(*)::text as pictures, count(*) filter (where post_id is null)::text as unattached,
     coalesce(sum(bytes), 0)::text as bytes
   from media`,
);
const topOwners = statement<{ username: string; pictures: string; bytes: string }>(
  'media-top-owners',
  `select u.username, t.pictures::text as pictures, t.bytes::text as bytes
   from (select owner_id, count(*) as pictures, sum(bytes) as bytes from media group by owner_id) t
   join users u on u.id = t.owner_id
   order by t.bytes desc, u.username limit $1`,
);

export function mediaUsageReads(db: Queryable): Pick<MediaReads, 'usage' | 'topOwners'> {
  return {
    async usage() {
      const row = (await usage(db, []))[0]!;
      return { pictures: Number(row.pictures), unattached: Number(row.unattached), bytes: Number(row.bytes) };
    },
    topOwners: async (limit) =>
      (await topOwners(db, [limit])).map((row) => ({
        username: row.username,
        pictures: Number(row.pictures),
        bytes: Number(row.bytes),
      })),
  };
}
