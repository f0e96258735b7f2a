import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from './storage-config.js';
import { checkMediaKey, checkPut, MediaStorageError, type MediaStorage } from './storage.js';

/** How long one call may wait for the object storage when the config does not say. */
export const defaultS3Timeout = 10_000;

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, R2...), for instances whose nodes share no
 * folder. Files are streamed back through Realm by `get` (docs/decisions/0007-media-storage.md says why).
 *
 * Every call is bounded: the whole call (retries included) is aborted after `timeoutMs` without an answer,
 * and a connection that goes silent that long while a body streams is closed, so a slow or dead store
 * turns into a MediaStorageError instead of a request that hangs.
 */
export function s3MediaStorage(config: S3StorageConfig): MediaStorage {
  const timeoutMs = config.timeoutMs ?? defaultS3Timeout;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestHandler: { connectionTimeout: timeoutMs, socketTimeout: timeoutMs },
    maxAttempts: 2,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer trailing ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const where = `s3 bucket ${config.bucket} at ${config.endpoint ?? 'AWS'} (${config.region}${
    config.forcePathStyle ? ', path-style' : ''
  })`;

  /** Runs one call under the time bound; the timer stops once the answer's headers are in. */
  async function call<T>(action: string, key: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await run(controller.signal);
    } catch (error) {
      if (controller.signal.aborted || isTimeout(error)) {
        throw new MediaStorageError(
          `Object storage did not answer within ${timeoutMs} ms (${action} ${key} in ${where})`,
        );
      }
      if (error instanceof MediaStorageError) throw error;
      // The SDK's messages name the bucket and key at most, never the credentials.
      throw new MediaStorageError(`Object storage failed (${action} ${key} in ${where}): ${reasonOf(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  const exists = (key: string) =>
    call('HEAD', key, async (abortSignal) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }), { abortSignal });
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    });

  return {
    describe: () => where,

    async put(key, bytes, contentType) {
      checkPut(key, bytes, contentType);
      // Same key, same bytes: one small HEAD spares uploading a file the bucket already has.
      if (await exists(key)) return;
      await call('PUT', key, (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
            // The name is the content's hash: whoever serves it straight from the bucket may cache it forever.
            CacheControl: 'public, max-age=31536000, immutable',
          }),
          { abortSignal },
        ),
      );
    },

    async get(key) {
      // The type comes from the key, not from the bucket's metadata, as on the folder.
      const contentType = checkMediaKey(key);
      return call('GET', key, async (abortSignal) => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }), {
            abortSignal,
          });
          if (!answer.Body) throw new MediaStorageError(`Object storage sent no body for ${key}`);
          return { body: answer.Body as Readable, contentType, size: answer.ContentLength ?? 0 };
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      });
    },

    async delete(key) {
      checkMediaKey(key);
      await call('DELETE', key, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }), { abortSignal }),
      );
    },

    async exists(key) {
      checkMediaKey(key);
      return exists(key);
    },
  };
}

/** A missing key; a missing bucket is a configuration mistake and stays an error (where S3 tells them apart). */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

/** The store's answer in a few words: its status and error code (a HEAD's answer has no body, so no code). */
function reasonOf(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = `HTTP ${error.$metadata.httpStatusCode ?? 'unknown'}`;
    return error.name === 'Unknown' ? status : `${status} ${error.name}: ${error.message}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
