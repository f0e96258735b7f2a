import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3StorageConfig } from '../../src/server/media/storage-config.js';
import { s3MediaStorage } from '../../src/server/media/storage-s3.js';
import { MediaStorageError, mediaKeyFor } from '../../src/server/media/storage.js';
import { describeMediaStorage } from './storage-suite.js';

// Object storage, tested against a real S3-compatible server started here: s3rver, on a free port with a
// temporary folder (docs/decisions/0007-media-storage.md says why this one). It checks request signatures
// with its built-in key pair, S3RVER / S3RVER.

const secret = 'S3RVER';
let server: S3rver;
let folder: string;
let base: S3StorageConfig;
let buckets = 0;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'realm-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: Array.from({ length: 12 }, (_, i) => ({ name: `realm-media-${i + 1}` })),
  });
  const { port } = await server.run();
  base = {
    kind: 's3',
    bucket: 'realm-media-0',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: secret,
    forcePathStyle: true,
    timeoutMs: 5_000,
  };
});
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A storage on a bucket no other test has used. */
const freshStorage = () => s3MediaStorage({ ...base, bucket: `realm-media-${++buckets}` });

describeMediaStorage('object storage', freshStorage);

describe('object storage', () => {
  it('serves from one node what another put: they share the bucket, not a disk', async () => {
    const bucket = `realm-media-${++buckets}`;
    const [nodeA, nodeB] = [s3MediaStorage({ ...base, bucket }), s3MediaStorage({ ...base, bucket })];
    const bytes = Buffer.from('uploaded on node A');
    const key = mediaKeyFor(bytes, 'webp');
    await nodeA.put(key, bytes, 'image/webp');
    expect((await buffer((await nodeB.get(key))!.body)).toString()).toBe('uploaded on node A');
    await nodeB.delete(key);
    expect(await nodeA.exists(key)).toBe(false);
  });

  it('labels each object with its type and a lifetime for caches, seen from the bucket itself', async () => {
    const bucket = `realm-media-${++buckets}`;
    const bytes = Buffer.from('a png');
    const key = mediaKeyFor(bytes, 'png');
    await s3MediaStorage({ ...base, bucket }).put(key, bytes, 'image/png');
    const raw = new S3Client({
      region: base.region,
      endpoint: base.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: base.accessKeyId, secretAccessKey: secret },
    });
    const head = await raw.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect([head.ContentType, head.CacheControl, head.ContentLength]).toEqual([
      'image/png',
      'public, max-age=31536000, immutable',
      bytes.length,
    ]);
    raw.destroy();
  });

  it('says which bucket and server it uses, and never the secret', () => {
    const described = s3MediaStorage({ ...base, secretAccessKey: 'a-secret-to-keep' }).describe();
    expect(described).toBe(`s3 bucket realm-media-0 at ${base.endpoint} (us-east-1, path-style)`);
  });

  it('fails clearly, without the secret, on an unknown key pair or a bucket that is not there', async () => {
    const key = mediaKeyFor(Buffer.from('x'), 'webp');
    // s3rver checks the access key ID but not version 4 signatures, so the wrong part here is the ID.
    const unknown = s3MediaStorage({
      ...base,
      bucket: 'realm-media-1',
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'not-the-secret',
    });
    const noBucket = s3MediaStorage({ ...base, bucket: 'no-such-bucket' });
    for (const attempt of [() => unknown.get(key), () => unknown.put(key, Buffer.from('x'), 'image/webp')]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaStorageError);
      expect((error as Error).message).toMatch(
        /^Object storage failed \((GET|HEAD) [0-9a-f]{2}\/.*: HTTP 403/,
      );
      expect((error as Error).message).not.toContain('not-the-secret');
    }
    // A missing bucket is a mistake to report, not a picture that is missing.
    await expect(noBucket.get(key)).rejects.toThrow(/NoSuchBucket/);
    await expect(noBucket.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/NoSuchBucket/);
  });
});

describe('object storage that does not answer', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never says a word: a store that hangs.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up on every call within its time bound, with an error that says so', async () => {
    const address = silent.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    const storage = s3MediaStorage({ ...base, endpoint: `http://127.0.0.1:${address.port}`, timeoutMs: 400 });
    const key = mediaKeyFor(Buffer.from('never arrives'), 'jpg');
    const calls = {
      put: () => storage.put(key, Buffer.from('never arrives'), 'image/jpeg'),
      get: () => storage.get(key),
      exists: () => storage.exists(key),
      delete: () => storage.delete(key),
    };
    for (const [name, run] of Object.entries(calls)) {
      const started = performance.now();
      const error = await run().catch((e: unknown) => e);
      const elapsed = performance.now() - started;
      expect([name, error]).toEqual([name, expect.any(MediaStorageError)]);
      expect((error as Error).message).toMatch(
        /^Object storage did not answer within 400 ms \((PUT|GET|HEAD|DELETE) /,
      );
      expect([name, elapsed]).toEqual([name, expect.toSatisfy((ms: number) => ms >= 350 && ms < 1_500)]);
    }
  });

  it('ends a picture whose bytes stop coming halfway within the same bound', async () => {
    // Answers a GET with its headers and 10 of its 100 bytes, then says nothing more.
    const stalling = createServer((socket) => {
      sockets.add(socket);
      socket.once('data', () =>
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: image/webp\r\nContent-Length: 100\r\n\r\n0123456789'),
      );
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const address = stalling.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    const storage = s3MediaStorage({ ...base, endpoint: `http://127.0.0.1:${address.port}`, timeoutMs: 400 });
    const found = await storage.get(mediaKeyFor(Buffer.from('half a picture'), 'webp'));
    expect(found?.size).toBe(100);
    const started = performance.now();
    await expect(buffer(found!.body)).rejects.toThrow(/timed out after 400 ms/);
    expect(performance.now() - started).toBeLessThan(1_500);
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => stalling.close(resolve));
  });
});
