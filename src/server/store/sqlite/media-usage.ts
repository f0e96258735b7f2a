import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { MediaOwnerUsage, MediaReads, MediaUsage } from '../store.js';

// How much storage pictures take (`realm admin media-usage`, /admin/storage). Both read media_owner_idx
// alone (owner, post, time, bytes): the index is a fraction of the table's width, and grouping by its first
// column needs no sort. A whole-instance total reads every entry; an admin asks for it now and then.

const statements = preparedOnce((db: Db) => ({
  usage: db.$client.prepare<[], MediaUsage>(
    `select count(*) as pictures, coalesce(sum(post_id is null), 0) as unattached,
       coalesce(sum(bytes), 0) as bytes
     from media`,
  ),
  topOwners: db.$client.prepare<{ limit: number }, MediaOwnerUsage>(
    `select u.username, t.pictures, t.bytes
     from (select owner_id, count(*) as pictures, sum(bytes) as bytes
           from media group by owner_id) t
     join users u on u.id = t.owner_id
     order by t.bytes desc, u.username limit :limit`,
  ),
}));

export function mediaUsageReads(db: Db): Pick<MediaReads, 'usage' | 'topOwners'> {
  return {
    usage: async () => statements(db).usage.get()!,
    topOwners: async (limit) => statements(db).topOwners.all({ limit }),
  };
}
