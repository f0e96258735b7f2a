import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where pictures' bytes are kept: a folder on this machine (storage-folder.ts) or an S3-compatible bucket
 * (storage-s3.ts). Every caller goes through this interface and never learns which one it has.
 *
 * A key is the SHA-256 of the file's bytes plus an extension (`ab/cd/abcd…0123.webp`): the same bytes always
 * get the same key, so a key's file never changes once written (a put of an existing key does nothing) and
 * can be served with a long cache lifetime.
 */
export interface MediaStorage {
  /** Keeps `bytes` under `key`; refuses a key that is not a media key or a type its extension does not say. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. The caller must consume or destroy `body`. */
  get(key: string): Promise<StoredMedia | null>;
  /** Deletes the file under `key`; deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Where files go, for logs and the admin (`folder /srv/realm/media`); never a secret. */
  describe(): string;
}

export type StoredMedia = { body: Readable; contentType: string; size: number };

/** A storage that could not do what was asked (unreachable, too slow, refused); the message names no secret. */
export class MediaStorageError extends Error {}

/** A key that is not a media key: a caller's bug or a hostile request, refused before any file is touched. */
export class MediaKeyError extends MediaStorageError {}

/**
 * The files Realm keeps, by extension. The type is fixed by the key, so a file can only ever be served as
 * the image type its name says (and never as HTML or SVG, which could carry script).
 */
export const mediaTypes = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
} as const;

export type MediaExtension = keyof typeof mediaTypes;

// Two folder levels from the hash's first four hex digits keep any one folder to a few hundred entries
// on a large instance. Nothing but lowercase hex, slashes and one dot: no `..`, no leading `/`, no `\`, no NUL.
const keyPattern = /^([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})\.([a-z0-9]+)$/;

/** The key's extension when `key` is a well-formed media key, else undefined. */
export function mediaKeyExtension(key: unknown): MediaExtension | undefined {
  if (typeof key !== 'string') return undefined;
  const match = keyPattern.exec(key);
  if (!match) return undefined;
  const [, first, second, hash, extension] = match;
  if (!hash!.startsWith(first! + second!)) return undefined;
  return Object.hasOwn(mediaTypes, extension!) ? (extension as MediaExtension) : undefined;
}

export function isMediaKey(key: unknown): key is string {
  return mediaKeyExtension(key) !== undefined;
}

/** The key `bytes` are kept under with `extension`. */
export function mediaKeyFor(bytes: Buffer, extension: MediaExtension): string {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.${extension}`;
}

/** The key's content type; throws MediaKeyError for anything that is not a media key. */
export function checkMediaKey(key: unknown): string {
  const extension = mediaKeyExtension(key);
  // The key is not echoed: it may be hostile text (control characters, a path) bound for a log line.
  if (extension === undefined) throw new MediaKeyError('Not a media key');
  return mediaTypes[extension];
}

/** Checks a put's arguments: a media key, bytes, and the content type its extension says. */
export function checkPut(key: unknown, bytes: unknown, contentType: unknown): void {
  const expected = checkMediaKey(key);
  if (!Buffer.isBuffer(bytes)) throw new MediaStorageError('Media bytes must be a Buffer');
  if (contentType !== expected) {
    throw new MediaKeyError(`A .${String(mediaKeyExtension(key))} file must be stored as ${expected}`);
  }
}
