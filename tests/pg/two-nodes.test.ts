import pg from 'pg';
import sharp from 'sharp';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { seedMembers, seedPosts } from '../../seed/data.js';
import { emptyDatabase, freshDatabase } from '../helpers/postgres.js';
import { startRealm, type RealmServer } from '../helpers/realm-program.js';
import { startS3rver } from '../helpers/s3rver.js';

// Many nodes: separate Realm processes, each with its own port and pool, serving one instance
// from one PostgreSQL database. Each node runs the program as a self-hoster does (`realm serve`).

const servers: RealmServer[] = [];
const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

/** Nodes started at once on the database `url`; each trusts the test as its proxy, to speak for many clients. */
async function startNodes(url: string, count: number, args: string[] = [], more: NodeJS.ProcessEnv = {}) {
  const env = { REALM_DATABASE_URL: url, REALM_DATABASE_POOL: '4', REALM_TRUST_PROXY: '127.0.0.1', ...more };
  const nodes = await Promise.all(Array.from({ length: count }, () => startRealm(args, { env })));
  servers.push(...nodes);
  return nodes;
}

function database(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  return pool;
}

let client = 0;
/** A request from a client address of its own (X-Forwarded-For), so that sign-in limits stay out of the way. */
async function api(
  node: RealmServer,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  from?: string,
) {
  const res = await fetch(`${node.url}/api${path}`, {
    method,
    headers: {
      'x-forwarded-for': from ?? `10.1.${Math.floor(++client / 250)}.${client % 250}`,
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the legacy API's JSON, as a client reads it
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A tRPC mutation over HTTP, as the web app sends one. */
async function trpc<T>(node: RealmServer, path: string, token: string, input: unknown): Promise<T> {
  const res = await fetch(`${node.url}/trpc/${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { result?: { data: T } };
  if (!res.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.result!.data;
}

const count = async (pool: pg.Pool, sql: string) => Number((await pool.query(sql)).rows[0].n);

describe('two nodes on one PostgreSQL', () => {
  it('start together on an empty database: one migrates and loads the demo, both serve it', async () => {
    const url = await emptyDatabase(inject('postgresAdminUrl'));
    const [a, b] = await startNodes(url, 2, ['--demo']);
    const db = database(url);
    const migrations = (await import('../../migrations/postgres/meta/_journal.json')).entries.length;
    expect(await count(db, 'select count(*) as n from drizzle.__drizzle_migrations')).toBe(migrations);
    expect(await count(db, 'select count(*) as n from users')).toBe(seedMembers.length);
    expect(await count(db, 'select count(*) as n from posts')).toBe(seedPosts.length);
    for (const node of [a!, b!]) {
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      expect((await api(node, 'GET', '/posts')).body.posts).toHaveLength(seedPosts.length);
    }
  });

  it('serve one member across both: sign up on A, log in on B, post on A, like on B, see both on A', async () => {
    const url = await freshDatabase(inject('postgresAdminUrl'));
    const [a, b] = (await startNodes(url, 2)) as [RealmServer, RealmServer];
    const member = { username: 'amara', password: 'a long enough password', firstName: 'Amara' };

    const signedUp = await api(a, 'POST', '/auth/signup', undefined, member);
    expect(signedUp.status).toBe(201);
    const login = await api(b, 'POST', '/auth/login', undefined, member);
    expect(login.status).toBe(200);
    // Both nodes sign with the instance's one secret: each node's token works on the other.
    expect((await api(b, 'GET', '/users/bookmark', signedUp.body.encodedToken)).status).toBe(200);

    const posted = await api(a, 'POST', '/posts', login.body.encodedToken, { postData: 'Hello from node A' });
    expect(posted.status).toBe(201);
    const postId = posted.body.posts.at(-1)._id as string;
    expect((await api(b, 'POST', `/posts/like/${postId}`, signedUp.body.encodedToken)).status).toBe(201);

    const seenOnA = (await api(a, 'GET', `/posts/${postId}`)).body.post;
    expect(seenOnA.content).toBe('Hello from node A');
    expect(seenOnA.likes.likeCount).toBe(1);
    expect(seenOnA.likes.likedBy.map((user: { username: string }) => user.username)).toEqual(['amara']);
  });

  it('count 50 likes split over both nodes exactly once each', async () => {
    const url = await freshDatabase(inject('postgresAdminUrl'));
    const nodes = (await startNodes(url, 2)) as [RealmServer, RealmServer];
    const author = await api(nodes[0], 'POST', '/auth/signup', undefined, {
      username: 'author',
      password: 'a long enough password',
    });
    const posted = await api(nodes[0], 'POST', '/posts', author.body.encodedToken, { postData: 'like me' });
    const postId = posted.body.posts.at(-1)._id as string;
    // Signups hash passwords, which each node does a few at a time (more wait, then get 503): a few at once.
    const likers: { body: Record<string, string> }[] = [];
    for (let i = 0; i < 50; i += 4) {
      const batch = Array.from({ length: Math.min(4, 50 - i) }, (_, j) =>
        api(nodes[(i + j) % 2]!, 'POST', '/auth/signup', undefined, {
          username: `liker${i + j}`,
          password: 'a long enough password',
        }),
      );
      likers.push(...(await Promise.all(batch)));
    }
    const likes = await Promise.all(
      likers.map((liker, i) => api(nodes[i % 2]!, 'POST', `/posts/like/${postId}`, liker.body.encodedToken)),
    );
    expect(likes.filter((like) => like.status !== 201)).toEqual([]);
    const db = database(url);
    expect(await count(db, `select like_count as n from posts where id = '${postId}'`)).toBe(50);
    expect(await count(db, `select count(*) as n from post_reactions where post_id = '${postId}'`)).toBe(50);
  });

  it('count sign-in attempts from one address across nodes', async () => {
    const url = await freshDatabase(inject('postgresAdminUrl'));
    const nodes = (await startNodes(url, 2)) as [RealmServer, RealmServer];
    const attempt = (i: number) =>
      api(nodes[i % 2]!, 'POST', '/auth/login', undefined, { username: 'nobody', password: 'x' }, '10.9.9.9');
    // 25 attempts an address may make in 5 minutes (docs/scaling-out.md, "What the nodes share"), whichever
    // node they reach.
    for (let i = 0; i < 25; i++) expect((await attempt(i)).status).toBe(404);
    expect((await attempt(25)).status).toBe(429);
    expect((await attempt(26)).status).toBe(429);
  });
});

describe('two nodes on one PostgreSQL and one bucket', () => {
  it('serve from node B the picture uploaded on node A, and free it from the bucket when B deletes its post', async () => {
    const s3 = await startS3rver();
    try {
      const bucket = await s3.freshBucket();
      const [a, b] = (await startNodes(await freshDatabase(inject('postgresAdminUrl')), 2, [], {
        REALM_MEDIA_STORAGE: 's3',
        REALM_S3_BUCKET: bucket.bucket,
        REALM_S3_ENDPOINT: bucket.endpoint,
        REALM_S3_REGION: bucket.region,
        REALM_S3_ACCESS_KEY_ID: bucket.accessKeyId,
        REALM_S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
        REALM_S3_FORCE_PATH_STYLE: 'true',
      })) as [RealmServer, RealmServer];
      const member = { username: 'photographer', password: 'a long enough password' };
      const token = (await api(a, 'POST', '/auth/signup', undefined, member)).body.encodedToken as string;
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer();

      const uploaded = await fetch(`${a.url}/media`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'image/jpeg' },
        body: photo,
      });
      expect(uploaded.status).toBe(201);
      const { id, url, previewUrl } = (await uploaded.json()) as {
        id: string;
        url: string;
        previewUrl: string;
      };
      // Node B has no disk in common with A: it reads the file from the bucket.
      const served = await fetch(`${b.url}${url}`);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 900, height: 600 });
      expect((await fetch(`${b.url}${previewUrl}`)).status).toBe(200);
      const keys = [url, previewUrl].map((u) => u.slice('/media/'.length));
      expect((await s3.keysIn(bucket.bucket)).sort()).toEqual(keys.sort());

      // Posted through node A, deleted through node B: B's write frees the files from the shared bucket.
      const post = await trpc<{ id: string }>(a, 'posts.create', token, {
        content: '',
        media: [{ id, alt: '' }],
      });
      await trpc(b, 'posts.delete', token, { postId: post.id });
      await expect.poll(() => s3.keysIn(bucket.bucket), { timeout: 5_000 }).toEqual([]);
      expect((await fetch(`${a.url}${url}`)).status).toBe(404);
    } finally {
      await s3.close();
    }
  });
});

describe('/healthz on PostgreSQL', () => {
  it('answers 500 while the database refuses the node, and 200 again once it is back', async () => {
    const url = await freshDatabase(inject('postgresAdminUrl'));
    const [node] = (await startNodes(url, 1)) as [RealmServer];
    expect((await fetch(`${node.url}/healthz`)).status).toBe(200);

    const name = new URL(url).pathname.slice(1);
    const admin = database(inject('postgresAdminUrl'));
    // Refused to everyone, superusers included (as template0 is), and its open connections cut.
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    const down = await fetch(`${node.url}/healthz`);
    expect(down.status).toBe(500);

    await admin.query(`alter database ${name} allow_connections true`);
    expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
  });
});
