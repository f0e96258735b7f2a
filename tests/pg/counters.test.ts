import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countHit, forgetHits, hitsOf } from '../../src/server/domain/window-counter.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { freshDatabase } from '../helpers/postgres.js';

// Sign-in limits count across nodes: two nodes, each with its own store, count into one window.
let nodes: PostgresStore[];
beforeAll(async () => {
  const url = await freshDatabase(inject('postgresAdminUrl'));
  nodes = [openPostgresStore({ url, poolSize: 5 }), openPostgresStore({ url, poolSize: 5 })];
});
afterAll(() => Promise.all(nodes.map((store) => store.close())));

describe('window counters on PostgreSQL', () => {
  it('count 50 hits at once from two nodes as exactly 50, each seeing a different count', async () => {
    const windowMs = 60_000;
    const seen = await Promise.all(
      Array.from({ length: 50 }, (_, i) => countHit(nodes[i % 2]!, 'sign-in:203.0.113.9', windowMs)),
    );
    expect(seen.map((window) => window.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    const now = await hitsOf(nodes[1]!, 'sign-in:203.0.113.9', windowMs);
    expect(now.hits).toBe(50);
    expect(now.resetsInMs).toBeGreaterThan(windowMs - 5_000);
    expect(now.resetsInMs).toBeLessThanOrEqual(windowMs);
  });

  it('start a new window once the old one has ended', async () => {
    await countHit(nodes[0]!, 'login-failures:ann', 50);
    await countHit(nodes[1]!, 'login-failures:ann', 50);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await hitsOf(nodes[0]!, 'login-failures:ann', 50)).hits).toBe(0);
    expect((await countHit(nodes[1]!, 'login-failures:ann', 50)).hits).toBe(1);
  });

  it('forget a key on every node at once', async () => {
    await countHit(nodes[0]!, 'login-failures:bob', 60_000);
    await forgetHits(nodes[1]!, 'login-failures:bob');
    expect((await hitsOf(nodes[0]!, 'login-failures:bob', 60_000)).hits).toBe(0);
  });
});
