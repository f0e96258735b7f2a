import { v4 as uuid } from 'uuid';
import type { MediaKind, MediaRow, Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { DomainError, forbidden, tryLater } from './errors.js';
import type { PostMedia } from './views.js';
import { mediaUrl } from './media-url.js';
import { dropUnchosen } from './profile-pictures.js';
import { countHit } from './window-counter.js';

// Pictures in posts (docs/pictures.md): an upload is checked against the member's hourly cap and storage
// quota before its body is read (mayUpload), processed, its two files stored, then its row written. It
// stays unattached until a post takes it (post-media.ts); uploads never attached are deleted after a day (cleanupUnattached).

/** One stored file of a processed picture, its key already made from its bytes (media/storage.ts). */
export type PictureFile = { key: string; bytes: Buffer; contentType: string; width: number; height: number };
export type ProcessedPicture = { placeholder: string; large: PictureFile; preview: PictureFile };

/** Where the files go: the media storage, seen by the rules only through what they need. */
export type PictureFiles = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
};

export type MediaLimits = { maxBytes: number; quotaBytes: number; uploadsPerHour: number; perPost: number };

export type MediaDeps = {
  store: Store;
  files: PictureFiles;
  /**
   * Turns uploaded bytes into the stored files for `purpose` (a post's, or a square avatar or 3:1 banner),
   * the per-process work limit included; throws refusals.
   */
  process(bytes: Buffer, purpose: MediaKind): Promise<ProcessedPicture>;
  limits: MediaLimits;
};

/** What an upload answers: the picture as a card shows it (views.ts), its alt text still empty. */
export type MediaView = PostMedia;

export { mediaUrl };
const hourMs = 60 * 60 * 1000;
/** Uploads no post took are deleted once this old. */
export const unattachedLifetimeMs = 24 * hourMs;

/** 16777216 -> "16 MB"; under a megabyte in KB. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;

export const mediaMessages = {
  tooLarge: (maxBytes: number) =>
    `This picture is larger than the ${sizeText(maxBytes)} limit. Send a smaller one.`,
  tooManyUploads: 'You have uploaded many pictures in the last hour. Try again later.',
  overQuota:
    'Your pictures take all the storage this instance gives each member. Delete posts with pictures to make room.',
  notYours: 'A picture in this post is not one of your uploads, or it was deleted. Upload it again.',
  tooMany: (max: number) => `A post can have at most ${max} pictures.`,
  repeated: 'The same picture is in this post twice.',
} as const;

export function viewOf(row: MediaRow): MediaView {
  return {
    id: row.id,
    url: mediaUrl(row.largeKey),
    previewUrl: mediaUrl(row.previewKey),
    width: row.width,
    height: row.height,
    previewWidth: row.previewWidth,
    previewHeight: row.previewHeight,
    placeholder: row.placeholder,
    alt: row.alt,
  };
}

async function checkHourlyCap(deps: UploadGateDeps, actor: Actor): Promise<void> {
  const window = await countHit(deps.store, `media-upload:${actor.id}`, hourMs);
  if (window.hits > deps.limits.uploadsPerHour) {
    throw tryLater(429, mediaMessages.tooManyUploads, window.resetsInMs / 1000);
  }
}

async function checkQuota(deps: UploadGateDeps, used: number, adding: number): Promise<void> {
  if (used + adding > deps.limits.quotaBytes) throw forbidden(mediaMessages.overQuota);
}

type UploadGateDeps = Pick<MediaDeps, 'store' | 'limits'>;
declare const permitted: unique symbol;
/** One upload `mayUpload` let through, its hit on the hourly cap counted: only it lets uploadPicture run. */
export type UploadPermit = { readonly actor: Actor; readonly [permitted]: true };

/**
 * Whether `actor` may send a picture now, asked by every door before it reads the body (docs/security.md,
 * "Every upload is hostile"): a member resolveActor let act (so never a suspended or pending one), a
 * declared size within the limit (413), under the hourly cap (429, this upload counted) and the quota (403).
 * `declaredBytes` is the picture's size as the request announces it, when it does.
 */
export async function mayUpload(
  deps: UploadGateDeps,
  actor: Actor,
  declaredBytes?: number,
): Promise<UploadPermit> {
  if (declaredBytes !== undefined && declaredBytes > deps.limits.maxBytes) {
    throw new DomainError(413, mediaMessages.tooLarge(deps.limits.maxBytes), 'PAYLOAD_TOO_LARGE');
  }
  await checkHourlyCap(deps, actor);
  await checkQuota(deps, await deps.store.read.media.bytesOf(actor.id), 1);
  return { actor } as UploadPermit;
}

/**
 * Stores the picture of an upload `mayUpload` permitted: a refusal (400, 413) or "busy" (503) from
 * processing, then both files and the row. On any failure nothing is left: no row, and the files it wrote
 * are deleted unless another row uses them.
 */
export async function uploadPicture(
  deps: MediaDeps,
  { actor }: UploadPermit,
  bytes: Buffer,
  purpose: MediaKind = 'post',
  /** Alt text given with the upload (the Mastodon API's `description`); a post may set it later too. */
  alt = '',
): Promise<MediaView> {
  if (bytes.length > deps.limits.maxBytes) {
    throw new DomainError(413, mediaMessages.tooLarge(deps.limits.maxBytes), 'PAYLOAD_TOO_LARGE');
  }
  const picture = await deps.process(bytes, purpose);
  const { large, preview } = picture;
  const row: MediaRow = {
    id: uuid(),
    ownerId: actor.id,
    postId: null,
    position: 0,
    alt,
    kind: purpose,
    largeKey: large.key,
    previewKey: preview.key,
    width: large.width,
    height: large.height,
    previewWidth: preview.width,
    previewHeight: preview.height,
    placeholder: picture.placeholder,
    bytes: large.bytes.length + preview.bytes.length,
    createdAt: now(),
  };
  try {
    await deps.files.put(large.key, large.bytes, large.contentType);
    await deps.files.put(preview.key, preview.bytes, preview.contentType);
    await deps.store.write(async (tx) => {
      // Again inside the write: two uploads at once must not both fit under the last byte of the quota.
      if (purpose !== 'post') await dropUnchosen(tx, actor.id, purpose);
      await checkQuota(deps, await tx.media.bytesOf(actor.id), row.bytes);
      await tx.media.insert(row);
    });
  } catch (error) {
    await releaseFiles(deps.store, deps.files, [large.key, preview.key]).catch(() => {});
    throw error;
  }
  return viewOf(row);
}

/**
 * Deletes the files of `keys` that no row uses any more. Keys are content hashes, so two uploads of the
 * same picture share files: the second's row keeps them.
 */
export async function releaseFiles(store: Store, files: PictureFiles, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)];
  const inUse = new Set(await store.read.media.keysInUse(unique));
  for (const key of unique) if (!inUse.has(key)) await files.delete(key);
}

/**
 * Deletes uploads never attached to a post that are older than a day, rows then files, a batch at a time;
 * answers how many. Harmless when two processes run it at once: a row is deleted once, a file deleted twice
 * is no error.
 */
export async function cleanupUnattached(
  store: Store,
  files: PictureFiles,
  at = Date.now(),
  batch = 100,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await store.write(async (tx) => {
      const old = await tx.media.unattachedBefore(at - unattachedLifetimeMs, batch);
      await tx.media.delete(old.map((row) => row.id));
      return old;
    });
    await releaseFiles(
      store,
      files,
      rows.flatMap((row) => [row.largeKey, row.previewKey]),
    );
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
