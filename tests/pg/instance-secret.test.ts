import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resolveSharedSecret } from '../../src/server/store/postgres/instance-secret.js';
import { freshDatabase } from '../helpers/postgres.js';

// A token signed by node A works on node B, so every node must sign with one secret.
let nodes: pg.Pool[];
beforeAll(async () => {
  const url = await freshDatabase(inject('postgresAdminUrl'));
  nodes = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: url, max: 2 }));
});
afterAll(() => Promise.all(nodes.map((pool) => pool.end())));

describe('the shared token secret', () => {
  it('is one secret for four nodes that start together, and stays the same later', async () => {
    const secrets = await Promise.all(nodes.map((pool) => resolveSharedSecret(pool, undefined)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(await resolveSharedSecret(nodes[3]!, undefined)).toBe(secrets[0]);
  });

  it('is REALM_JWT_SECRET when that is set, which nothing stores', async () => {
    const configured = 'c'.repeat(40);
    expect(await resolveSharedSecret(nodes[0]!, configured)).toBe(configured);
    const { rows } = await nodes[0]!.query('select value from instance_secrets');
    expect(rows.map((row) => row.value)).not.toContain(configured);
  });
});
