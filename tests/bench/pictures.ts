import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { startTestPostgres } from '../helpers/postgres.js';
import { startFeedReader, percentile, type FeedStats } from './feed.js';
import { ensureInstance, freshCopy } from './instance.js';
import { chooseFixtures } from './scenarios.js';
import { startBenchServer, type BenchServer } from './server.js';

// `npm run bench:pictures -- [--users N] [--posts M] [--uploads K] [--seconds S] [--engine sqlite|postgres|both]`
// Uploads of a 12-megapixel photo to the production server: the time until each is processed and stored
// (POST /media answered), the server's peak memory, and the home feed's p99 on its own and while four
// uploads run at once. SQLite with pictures in a folder; PostgreSQL with pictures in object storage (s3rver,
// started here), as a several-node instance keeps them.
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    posts: { type: 'string', default: '100000' },
    uploads: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '10' },
    engine: { type: 'string', default: 'both' },
  },
});
const secret = 'bench-secret-that-is-long-enough-for-hs256-0000';
const seconds = Number(values.seconds);

/** A photo-like 12 MP JPEG: smooth colour with a camera's grain, about as large as a phone's. */
async function twelveMegapixels(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#6a8caf' } })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

type Report = {
  target: string;
  processedMs: { p50: number; max: number };
  peakMemoryMb: number;
  feedAlone: FeedStats;
  feedWithUploads: FeedStats;
  uploadsDuringFeed: number;
  /** Answered 503 "busy" (more uploads at once than the server processes): by design, not an error. */
  busy: number;
  uploadErrors: string[];
};

async function measure(target: string, server: BenchServer, token: string, photo: Buffer): Promise<Report> {
  const errors: string[] = [];
  let busy = 0;
  const upload = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/media`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    const body = await response.text();
    if (response.status === 503) busy += 1;
    else if (response.status !== 201) errors.push(`${response.status} ${body.slice(0, 120)}`);
    return performance.now() - started;
  };
  await upload(); // sharp loads on the first upload
  const times: number[] = [];
  for (let i = 0; i < Number(values.uploads); i++) times.push(await upload());
  times.sort((a, b) => a - b);
  const feed = async () =>
    (
      await startFeedReader({
        url: `${server.url}/trpc/posts.feed?input=${encodeURIComponent('{"mode":"latest","direction":"forward"}')}`,
        token,
        connections: 4,
        intervalMs: 20,
        warmUpSeconds: 1,
        seconds,
        timeoutMs: 10_000,
      })
    ).run();
  const feedAlone = await feed();
  let running = true;
  let uploadsDuringFeed = 0;
  const uploader = async () => {
    while (running) {
      await upload();
      uploadsDuringFeed += 1;
    }
  };
  const uploaders = Array.from({ length: 4 }, uploader);
  const feedWithUploads = await feed();
  running = false;
  await Promise.all(uploaders);
  const round = (ms: number) => Math.round(ms);
  return {
    target,
    processedMs: { p50: round(percentile(times, 50)), max: round(times.at(-1) ?? 0) },
    peakMemoryMb: server.peakMemoryMb(),
    feedAlone,
    feedWithUploads,
    uploadsDuringFeed,
    busy,
    uploadErrors: [...new Set(errors)],
  };
}

async function main() {
  const dbFile = await ensureInstance(Number(values.users), Number(values.posts));
  const { follower } = chooseFixtures(dbFile, 1);
  const token = await createTokenKeys(secret).sign({ _id: follower.id, username: follower.username });
  const photo = await twelveMegapixels();
  console.log(`A ${(photo.length / 1e6).toFixed(1)} MB, 4000x3000 JPEG; home feed of ${follower.username}`);
  // No hourly cap or quota in the way of the measurement.
  const env = {
    REALM_JWT_SECRET: secret,
    REALM_WORKERS: '1',
    REALM_MEDIA_UPLOADS_PER_HOUR: '100000',
    REALM_MEDIA_QUOTA_BYTES: String(1e12),
  };
  const reports: Report[] = [];
  if (values.engine !== 'postgres') {
    const copy = freshCopy(dbFile, 'pictures');
    const media = mkdtempSync(join(tmpdir(), 'realm-bench-media-'));
    const server = await startBenchServer({ ...env, REALM_DB: copy.file, REALM_MEDIA_DIR: media });
    try {
      reports.push(await measure('SQLite, pictures in a folder', server, token, photo));
    } finally {
      await server.stop();
      copy.remove();
      rmSync(media, { recursive: true, force: true });
    }
  }
  if (values.engine !== 'sqlite') reports.push(await onPostgres(dbFile, env, token, photo));
  for (const r of reports) {
    console.log(`\n${r.target}`);
    console.log(`  processed and stored: median ${r.processedMs.p50} ms, slowest ${r.processedMs.max} ms`);
    console.log(`  peak memory (private, the server process): ${r.peakMemoryMb} MB`);
    const line = (s: FeedStats) =>
      `p50 ${s.p50} ms, p99 ${s.p99} ms, ${s.requests} requests, ${s.errors} errors`;
    console.log(`  home feed alone: ${line(r.feedAlone)}`);
    console.log(
      `  home feed with 4 uploads at once: ${line(r.feedWithUploads)} (${r.uploadsDuringFeed} uploads)`,
    );
    if (r.uploadErrors.length) console.log(`  upload errors: ${r.uploadErrors.join('; ')}`);
  }
  if (reports.some((r) => r.uploadErrors.length || r.feedWithUploads.errors)) process.exitCode = 1;
}

async function onPostgres(dbFile: string, env: Record<string, string>, token: string, photo: Buffer) {
  const folder = mkdtempSync(join(tmpdir(), 'realm-bench-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: 'realm-media' }],
  });
  const { port } = await s3.run();
  const postgres = await startTestPostgres({ durable: true });
  const url = new URL(postgres.adminUrl);
  url.pathname = '/realm_bench_pictures';
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query('drop database if exists realm_bench_pictures with (force)');
  await admin.query('create database realm_bench_pictures');
  await admin.end();
  const source = new Database(dbFile, { readonly: true });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  await copyFromSqlite(source, pool);
  await pool.query('vacuum analyze');
  source.close();
  await pool.end();
  const server = await startBenchServer({
    ...env,
    REALM_DATABASE_URL: url.toString(),
    REALM_MEDIA_STORAGE: 's3',
    REALM_S3_BUCKET: 'realm-media',
    REALM_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    REALM_S3_ACCESS_KEY_ID: 'S3RVER',
    REALM_S3_SECRET_ACCESS_KEY: 'S3RVER',
    REALM_S3_FORCE_PATH_STYLE: 'true',
  });
  try {
    return await measure('PostgreSQL, pictures in object storage (s3rver)', server, token, photo);
  } finally {
    await server.stop();
    await postgres.stop();
    await s3.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
