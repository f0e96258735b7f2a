import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { livePayloads } from '../../src/server/store/postgres/live-channel.js';
import { listenerApplicationName } from '../../src/server/store/postgres/live-listener.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import type { LiveEvent } from '../../src/server/store/store.js';
import { freshDatabase } from '../helpers/postgres.js';

// Live events between the nodes of one PostgreSQL instance. Two stores on one database stand for
// two nodes: NOTIFY inside the transaction, one LISTEN connection per store, resync after it is lost.

const opened: PostgresStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function twoNodes() {
  const url = await freshDatabase(inject('postgresAdminUrl'));
  const [a, b] = [openPostgresStore({ url, poolSize: 2 }), openPostgresStore({ url, poolSize: 2 })];
  opened.push(a, b);
  const heard = { a: [] as LiveEvent[], b: [] as LiveEvent[] };
  a.subscribe((event) => heard.a.push(event));
  b.subscribe((event) => heard.b.push(event));
  await Promise.all([a.liveReady(), b.liveReady()]);
  return { url, a, b, heard };
}

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  for (const started = Date.now(); !check(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
  }
}

const post = (n: number): LiveEvent => ({ type: 'post', postId: `post-${n}`, authorId: 'author' });

describe('live events on PostgreSQL', () => {
  it('reach the other node once the write commits, and the writing node once', async () => {
    const { a, heard } = await twoNodes();
    await a.write(async (tx) => tx.live.emit(post(1)));
    await until(() => heard.b.length === 1, 'the event on B');
    expect(heard.b).toEqual([post(1)]);
    // A's own NOTIFY reaches A's LISTEN connection as well, and is skipped: A delivered it at commit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.a).toEqual([post(1)]);
  });

  it('never leave a write that rolls back', async () => {
    const { a, heard } = await twoNodes();
    await expect(
      a.write(async (tx) => {
        tx.live.emit(post(1));
        await tx.members.lock('nobody');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await a.write(async (tx) => tx.live.emit(post(2)));
    await until(() => heard.b.length > 0, 'the committed event on B');
    expect(heard.b).toEqual([post(2)]);
    expect(heard.a).toEqual([post(2)]);
  });

  it('split a large transaction into payloads under 7,000 bytes, which arrive whole and in order', async () => {
    const events = Array.from({ length: 300 }, (_, i) => post(i));
    const payloads = livePayloads('node', events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(7000);

    const { a, heard } = await twoNodes();
    await a.write(async (tx) => events.forEach((event) => tx.live.emit(event)));
    await until(() => heard.b.length === events.length, 'all 300 events on B');
    expect(heard.b).toEqual(events);
  });

  it('come back after the LISTEN connection is killed, with a resync for what was missed', async () => {
    const { url, a, heard } = await twoNodes();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const listeners = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = $1 and datname = current_database()`,
        [listenerApplicationName],
      );
      expect(listeners.rowCount).toBe(2); // one per node
      await until(() => heard.b.some((event) => event.type === 'resync'), 'a resync on B');
      await a.write(async (tx) => tx.live.emit(post(3)));
      await until(() => heard.b.some((event) => event.type === 'post'), 'the next event on B');
      expect(heard.b).toEqual([{ type: 'resync' }, post(3)]);
    } finally {
      await admin.end();
    }
  });
});
