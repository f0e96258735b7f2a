import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { MediaReads, MediaRow, MediaWrites } from '../store.js';
import { mediaUsageReads } from './media-usage.js';

// Members' pictures (interface/media.ts). Lists of ids or keys are bound as one JSON array.

const columns = `id, owner_id as ownerId, post_id as postId, position, alt, kind, large_key as largeKey,
  preview_key as previewKey, width, height, preview_width as previewWidth, preview_height as previewHeight,
  placeholder, bytes, created_at as createdAt`;

const statements = preparedOnce((db: Db) => ({
  insert: db.$client.prepare<MediaRow>(
    `insert into media (id, owner_id, post_id, position, alt, kind, large_key, preview_key, width, height,
       preview_width, preview_height, placeholder, bytes, created_at)
     values (:id, :ownerId, :postId, :position, :alt, :kind, :largeKey, :previewKey, :width, :height,
       :previewWidth, :previewHeight, :placeholder, :bytes, :createdAt)`,
  ),
  byIds: db.$client.prepare<{ ids: string }, MediaRow>(
    `select ${columns} from media where id in (select value from json_each(:ids))`,
  ),
  onPosts: db.$client.prepare<{ ids: string }, MediaRow>(
    `select ${columns} from media where post_id in (select value from json_each(:ids))
     order by post_id, position`,
  ),
  ofPost: db.$client.prepare<{ postId: string }, MediaRow>(
    `select ${columns} from media where post_id = :postId order by position`,
  ),
  keysOfOwner: db.$client
    .prepare<{ ownerId: string }, string>(
      `select large_key from media where owner_id = :ownerId
       union all select preview_key from media where owner_id = :ownerId`,
    )
    .pluck(),
  byId: db.$client.prepare<{ id: string }, MediaRow>(`select ${columns} from media where id = :id`),
  describe: db.$client.prepare<{ id: string; alt: string }>(`update media set alt = :alt where id = :id`),
  attach: db.$client.prepare<{ id: string; postId: string; position: number; alt: string }>(
    `update media set post_id = :postId, position = :position, alt = :alt where id = :id`,
  ),
  delete: db.$client.prepare<{ ids: string }>(
    `delete from media where id in (select value from json_each(:ids))`,
  ),
  profilePictures: db.$client.prepare<{ ownerId: string; kind: string }, MediaRow>(
    `select ${columns} from media where owner_id = :ownerId and post_id is null and kind = :kind`,
  ),
  // The same condition as media_unattached_idx's, word for word, so SQLite uses that partial index.
  unattachedBefore: db.$client.prepare<{ before: number; limit: number }, MediaRow>(
    `select ${columns} from media where post_id is null and kind = 'post' and created_at < :before
     order by created_at, id limit :limit`,
  ),
  bytesOf: db.$client
    .prepare<{ ownerId: string }, number>(
      `select coalesce(sum(bytes), 0) from media where owner_id = :ownerId`,
    )
    .pluck(),
  // Each key is looked up by its own index; a key may be one row's large file and another's preview.
  keysInUse: db.$client
    .prepare<{ keys: string }, string>(
      `select k.value from json_each(:keys) k
       where exists (select 1 from media where large_key = k.value)
          or exists (select 1 from media where preview_key = k.value)`,
    )
    .pluck(),
}));

export function mediaReads(db: Db): MediaReads {
  return {
    ...mediaUsageReads(db),
    bytesOf: async (ownerId) => statements(db).bytesOf.get({ ownerId }) ?? 0,
    // Even for none: an archive reads with as many statements whatever the member wrote.
    onPosts: async (ids) => statements(db).onPosts.all({ ids: JSON.stringify(ids) }),
    keysInUse: async (keys) =>
      keys.length === 0 ? [] : statements(db).keysInUse.all({ keys: JSON.stringify(keys) }),
    byId: async (id) => statements(db).byId.get({ id }) ?? null,
  };
}

/** `released` is the open transaction's list (the gate runs one at a time: index.ts). */
export function mediaWrites(db: Db, released: () => string[]): MediaWrites {
  return {
    insert: async (row) => void statements(db).insert.run(row),
    byIds: async (ids) => (ids.length === 0 ? [] : statements(db).byIds.all({ ids: JSON.stringify(ids) })),
    ofPost: async (postId) => statements(db).ofPost.all({ postId }),
    keysOfOwner: async (ownerId) => statements(db).keysOfOwner.all({ ownerId }),
    describe: async (id, alt) => void statements(db).describe.run({ id, alt }),
    attach: async (id, postId, position, alt) =>
      void statements(db).attach.run({ id, postId, position, alt }),
    delete: async (ids) => {
      if (ids.length > 0) statements(db).delete.run({ ids: JSON.stringify(ids) });
    },
    profilePictures: async (ownerId, kind) => statements(db).profilePictures.all({ ownerId, kind }),
    unattachedBefore: async (before, limit) => statements(db).unattachedBefore.all({ before, limit }),
    release: (keys) => void released().push(...keys),
  };
}
