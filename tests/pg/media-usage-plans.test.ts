import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { commandLine } from '../../src/server/domain/moderation.js';
import { storageUsage } from '../../src/server/domain/media-usage.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { explain, plansOf, statementsOf, type PlanNode } from '../helpers/postgres-plans.js';
import { freshDatabase } from '../helpers/postgres.js';

// The PostgreSQL twin of tests/server/media-usage-plans.test.ts, on 20,000 pictures of 500 members. Unlike
// SQLite, PostgreSQL reads the whole table in one sequential pass rather than media_owner_idx: it costs an
// index-only scan of every entry (random page reads) at about four times a sequential read of the table
// (3,736 against 890 here), and forcing the index would be slower. What matters holds either way: the
// pictures are read once, summed straight away (no sort, no join, no lookup per picture), and only the
// members' sums are joined and sorted. docs/pictures.md says so.

let store: PostgresStore;

/** Every node of a plan with the node above it. */
const parentsOf = (node: PlanNode, parent?: PlanNode): { node: PlanNode; parent?: PlanNode }[] => [
  { node, parent },
  ...(node.Plans ?? []).flatMap((child) => parentsOf(child, node)),
];

beforeAll(async () => {
  store = openPostgresStore({ url: await freshDatabase(inject('postgresAdminUrl')), poolSize: 4 });
  const q = (text: string) => store.pool.query(text);
  await q(
    `insert into users (id, username, username_key, password_hash, created_at, updated_at)
     select 'u' || i, 'user' || i, 'user' || i, 'x', i, i from generate_series(1, 500) as i`,
  );
  // Wide rows, as real ones are (two 70-character keys and a placeholder), so the table is heavier than
  // the index and a planner that reads the table is making a choice, not forced.
  await q(
    `insert into media (id, owner_id, large_key, preview_key, width, height, preview_width,
       preview_height, placeholder, bytes, created_at)
     select 'm' || i, 'u' || (i % 500 + 1), repeat('k', 64) || i || '.webp', repeat('q', 64) || i || '.webp',
       1, 1, 1, 1, repeat('h', 32), i, i
     from generate_series(1, 20000) as i`,
  );
  await q('vacuum analyze media');
  await q('analyze users');
});
afterAll(() => store?.close());

describe('the storage report on PostgreSQL', () => {
  let client: pg.PoolClient;
  beforeAll(async () => void (client = await store.pool.connect()));
  afterAll(() => client.release());

  it('reads the pictures once and sums them at once, with and without its values', async () => {
    let usage: Awaited<ReturnType<typeof storageUsage>> | undefined;
    const ran = await statementsOf(store.pool, async () => {
      usage = await storageUsage(store, commandLine, 3);
    });
    expect(usage).toMatchObject({ pictures: 20000, unattached: 20000, bytes: (20000 * 20001) / 2 });
    expect(usage!.top.map((m) => m.username)).toEqual(['user1', 'user500', 'user499']);
    expect(ran).toHaveLength(2);
    for (const statement of ran) {
      // A statement without values has one plan: there is no generic one to switch to.
      const plans = statement.values.length
        ? await plansOf(client, statement)
        : [await explain(client, statement.text, [])];
      for (const [i, plan] of plans.entries()) {
        const scans = parentsOf(plan).filter(({ node }) => node['Relation Name'] === 'media');
        expect(
          scans.map(({ node, parent }) => [node['Node Type'], parent?.['Node Type']]),
          `${i ? 'generic' : 'custom'} plan of ${statement.text}`,
        ).toEqual([[expect.stringMatching(/^(Seq Scan|Index Only Scan)$/), 'Aggregate']]);
      }
    }
  });
});
