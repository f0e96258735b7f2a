import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { listenerApplicationName } from '../../src/server/store/postgres/live-listener.js';
import { openEventStream, type EventStream } from '../helpers/event-stream.js';
import { freshDatabase } from '../helpers/postgres.js';
import { startRealm, type RealmServer } from '../helpers/realm-program.js';

// Live updates across two real nodes (`realm serve`) on one PostgreSQL database.

const servers: RealmServer[] = [];
const streams: EventStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((stream) => stream.close());
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

let client = 0;
async function api(node: RealmServer, path: string, body: unknown, token?: string) {
  const res = await fetch(`${node.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.2.0.${++client}`,
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the legacy API's JSON, as a client reads it
  return (await res.json()) as Record<string, any>;
}

describe('live updates on two PostgreSQL nodes', () => {
  it('reach a stream on node A from a post on node B, and again after A loses its LISTEN connection', async () => {
    const url = await freshDatabase(inject('postgresAdminUrl'));
    const env = { REALM_DATABASE_URL: url, REALM_DATABASE_POOL: '4', REALM_TRUST_PROXY: '127.0.0.1' };
    const [a, b] = await Promise.all([startRealm([], { env }), startRealm([], { env })]);
    servers.push(a!, b!);
    const password = 'a long enough password';
    const author = await api(b!, '/auth/signup', { username: 'author', password });
    const reader = await api(a!, '/auth/signup', { username: 'reader', password });
    await api(a!, `/users/follow/${author.createdUser._id}`, {}, reader.encodedToken);

    const live = await openEventStream(a!.url, reader.encodedToken);
    streams.push(live);
    await live.next('hello');
    const first = await api(b!, '/posts', { postData: 'from node B' }, author.encodedToken);
    const firstId = first.posts.at(-1)._id as string;
    expect((await live.next('post')).data).toEqual({ postId: firstId, authorId: author.createdUser._id });

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = $1 and datname = current_database()`,
        [listenerApplicationName],
      );
      expect(killed.rowCount).toBe(2); // one dedicated connection per node
    } finally {
      await admin.end();
    }
    await live.next('resync'); // A may have missed something: its client catches up
    const second = await api(b!, '/posts', { postData: 'after the reconnect' }, author.encodedToken);
    const secondId = second.posts.at(-1)._id as string;
    await live.next('post', (data) => data.postId === secondId);
  }, 60_000);
});
