import type { MediaReads, MediaRow, MediaWrites } from '../store.js';
import { mediaUsageReads } from './media-usage.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

// As ../sqlite/media.ts: members' pictures. Lists of ids or keys are bound as arrays.

const columns = `id, owner_id as "ownerId", post_id as "postId", position, alt, kind, large_key as "largeKey",
  preview_key as "previewKey", width, height, preview_width as "previewWidth",
  preview_height as "previewHeight", placeholder, bytes::text as bytes, created_at::text as "createdAt"`;

type Row = TextTimes<MediaRow, 'bytes' | 'createdAt'>;
const parsed = (row: Row): MediaRow => ({
  ...row,
  bytes: Number(row.bytes),
  createdAt: Number(row.createdAt),
});

const insert = writeStatement(
  'media-insert',
  `insert into media (id, owner_id, post_id, position, alt, kind, large_key, preview_key, width, height,
     preview_width, preview_height, placeholder, bytes, created_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
);
const byIds = statement<Row>('media-by-ids', `select ${columns} from media where id = any ($1::text[])`);
const onPosts = statement<Row>(
  'media-on-posts',
  `select ${columns} from media where post_id = any ($1::text[]) order by post_id, position`,
);
const ofPost = statement<Row>(
  'media-of-post',
  `select ${columns} from media where post_id = $1 order by position`,
);
const keysOfOwner = statement<{ key: string }>(
  'media-keys-of-owner',
  `select large_key as key from media where owner_id = $1
   union all select preview_key from media where owner_id = $1`,
);
const byId = statement<Row>('media-by-id', `select ${columns} from media where id = $1`);
const describe = writeStatement('media-describe', 'update media set alt = $2 where id = $1');
const attach = writeStatement(
  'media-attach',
  'update media set post_id = $2, position = $3, alt = $4 where id = $1',
);
const remove = writeStatement('media-delete', 'delete from media where id = any ($1::text[])');
const profilePictures = statement<Row>(
  'media-profile-pictures',
  `select ${columns} from media where owner_id = $1 and post_id is null and kind = $2`,
);
// The same condition as media_unattached_idx's, so the planner can use that partial index.
const unattachedBefore = statement<Row>(
  'media-unattached-before',
  `select ${columns} from media where post_id is null and kind = 'post' and created_at < $1
   order by created_at, id limit $2`,
);
const bytesOf = statement<{ total: string }>(
  'media-bytes-of',
  'select coalesce(sum(bytes), 0)::text as total from media where owner_id = $1',
);
const keysInUse = statement<{ key: string }>(
  'media-keys-in-use',
  `select k as key from unnest($1::text[]) as k
   where exists (select 1 from media where large_key = k) or exists (select 1 from media where preview_key = k)`,
);

export function mediaReads(db: Queryable): MediaReads {
  return {
    ...mediaUsageReads(db),
    bytesOf: async (ownerId) => Number((await bytesOf(db, [ownerId]))[0]?.total ?? 0),
    onPosts: async (ids) => (await onPosts(db, [ids])).map(parsed), // even for none, as on SQLite
    keysInUse: async (keys) => (keys.length === 0 ? [] : (await keysInUse(db, [keys])).map((row) => row.key)),
    byId: async (id) => {
      const [row] = await byId(db, [id]);
      return row ? parsed(row) : null;
    },
  };
}

/** `released` is the open transaction's list, handed to the listeners once it commits (index.ts). */
export function mediaWrites(db: Queryable, released: string[]): MediaWrites {
  return {
    async insert(row) {
      await insert(db, [
        row.id,
        row.ownerId,
        row.postId,
        row.position,
        row.alt,
        row.kind,
        row.largeKey,
        row.previewKey,
        row.width,
        row.height,
        row.previewWidth,
        row.previewHeight,
        row.placeholder,
        row.bytes,
        row.createdAt,
      ]);
    },
    byIds: async (ids) => (ids.length === 0 ? [] : (await byIds(db, [ids])).map(parsed)),
    ofPost: async (postId) => (await ofPost(db, [postId])).map(parsed),
    keysOfOwner: async (ownerId) => (await keysOfOwner(db, [ownerId])).map((row) => row.key),
    describe: async (id, alt) => void (await describe(db, [id, alt])),
    attach: async (id, postId, position, alt) => void (await attach(db, [id, postId, position, alt])),
    async delete(ids) {
      if (ids.length > 0) await remove(db, [ids]);
    },
    profilePictures: async (ownerId, kind) => (await profilePictures(db, [ownerId, kind])).map(parsed),
    unattachedBefore: async (before, limit) => (await unattachedBefore(db, [before, limit])).map(parsed),
    release: (keys) => void released.push(...keys),
  };
}
