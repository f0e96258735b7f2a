import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember } from '../../seed/factories.js';
import { mediaWrites } from '../../src/server/store/postgres/media.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { nodesOf, plansOf, statementsOf, type PlanNode } from '../helpers/postgres-plans.js';
import { freshDatabase } from '../helpers/postgres.js';

// The PostgreSQL twin of tests/server/media-plans.test.ts: each media statement reads its index, with its
// values and in the generic plan a named statement may switch to, on a table of 20,000 pictures (half on
// posts, half unattached, by 500 members) and an avatar and a banner for each member.

let store: PostgresStore;
let owner: string;

beforeAll(async () => {
  store = openPostgresStore({ url: await freshDatabase(inject('postgresAdminUrl')), poolSize: 4 });
  owner = (await createMember(store, { username: 'owner' })).id;
  const q = (text: string, values: unknown[] = []) => store.pool.query(text, values);
  await q(
    `insert into users (id, username, username_key, password_hash, created_at, updated_at)
     select 'u' || i, 'User' || i, 'user' || i, 'x', i, i from generate_series(1, 500) as i`,
  );
  await q(
    `insert into posts (id, author_id, content, created_at, updated_at)
     select 'p' || i, $1, 'post', i, i from generate_series(1, 10000) as i`,
    [owner],
  );
  await q(
    `insert into media (id, owner_id, post_id, large_key, preview_key, width, height, preview_width,
       preview_height, placeholder, bytes, created_at)
     select 'm' || i, case when i % 100 = 0 then $1 else 'u' || (i % 500 + 1) end, case when i <= 10000 then 'p' || i end, 'k' || i, 'q' || i, 1, 1, 1, 1, '', 10, i
     from generate_series(1, 20000) as i`,
    [owner],
  );
  // Every member's avatar and banner: post_id null for ever, so the cleanup's index must leave them out.
  await q(
    `insert into media (id, owner_id, kind, large_key, preview_key, width, height, preview_width,
       preview_height, placeholder, bytes, created_at)
     select 'a' || i || k, 'u' || i, k, 'a' || i || k, 'b' || i || k, 1, 1, 1, 1, '', 10, i
     from generate_series(1, 500) as i, unnest(array['avatar', 'banner']) as k`,
  );
  await q('analyze');
});
afterAll(() => store?.close());

function problemsOf(plan: PlanNode, index: string): string[] {
  const all = nodesOf(plan);
  const problems = all.flatMap((node) =>
    node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'media' ? ['Seq Scan on media'] : [],
  );
  if (!all.some((node) => node['Index Name'] === index)) problems.push(`not read by ${index}`);
  return problems;
}

describe('media statements on PostgreSQL', () => {
  let client: pg.PoolClient;
  beforeAll(async () => void (client = await store.pool.connect()));
  afterAll(() => client.release());

  it('read by index, never scanning the media table, with and without their values', async () => {
    const writes = mediaWrites(store.pool, []);
    const reads: [() => Promise<unknown>, string][] = [
      [() => store.read.cards.json(null, ['p1', 'p2']), 'media_post_idx'],
      [() => writes.ofPost('p5'), 'media_post_idx'],
      [() => store.read.media.bytesOf(owner), 'media_owner_idx'],
      [() => store.read.media.keysInUse(['k1', 'q2']), 'media_large_key_idx'],
      [() => writes.unattachedBefore(15000, 100), 'media_unattached_idx'],
      [() => writes.profilePictures('u7', 'avatar'), 'media_owner_idx'],
      [() => writes.byIds(['m1', 'm2']), 'media_pkey'],
    ];
    for (const [read, index] of reads) {
      const ran = await statementsOf(store.pool, read);
      expect(ran).toHaveLength(1);
      for (const [i, plan] of (await plansOf(client, ran[0]!)).entries()) {
        expect(problemsOf(plan, index), `${i ? 'generic' : 'custom'} plan of ${ran[0]!.text}`).toEqual([]);
      }
    }
  });
});
