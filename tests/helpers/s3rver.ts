import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/server/media/storage-config.js';

// A real S3-compatible server for tests that run Realm on object storage (tests/media/storage-s3.test.ts
// says why s3rver): on a free port, in a temporary folder, with its built-in key pair S3RVER / S3RVER.

export type S3rverHandle = {
  /** A storage config on a bucket made for the caller alone. */
  freshBucket(): Promise<S3StorageConfig>;
  /** Every key in the bucket. */
  keysIn(bucket: string): Promise<string[]>;
  close(): Promise<void>;
};

let buckets = 0;

export async function startS3rver(): Promise<S3rverHandle> {
  const folder = mkdtempSync(join(tmpdir(), 'realm-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder });
  const { port } = await server.run();
  const base = {
    kind: 's3' as const,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    timeoutMs: 5_000,
  };
  const client = new S3Client({
    region: base.region,
    endpoint: base.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: base.accessKeyId, secretAccessKey: base.secretAccessKey },
  });
  return {
    async freshBucket() {
      const bucket = `realm-test-${process.pid}-${++buckets}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { ...base, bucket };
    },
    async keysIn(bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
