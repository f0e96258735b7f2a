import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember } from '../../seed/factories.js';
import type { Actor } from '../../src/server/domain/auth.js';
import { auditPage, membersPage, reportsPage } from '../../src/server/domain/moderation.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { nodesOf, plansOf, statementsOf, type PlanNode } from '../helpers/postgres-plans.js';
import { freshDatabase } from '../helpers/postgres.js';

// The PostgreSQL twin of tests/server/moderation-plans.test.ts: each admin page (reports queue, members
// search and lists, audit log) reads its index in its order, with its values and, for a named statement, in
// the generic plan it may switch to (the members search is planned for its values each time). username_key
// is collated "C", so a prefix is one range of its unique index whatever the database's locale (migration
// 0004_username_key_bytes).

let store: PostgresStore;
let moderator: Actor;

beforeAll(async () => {
  store = openPostgresStore({ url: await freshDatabase(inject('postgresAdminUrl')), poolSize: 4 });
  const mod = await createMember(store, { username: 'mod', role: 'moderator' });
  moderator = { id: mod.id, username: mod.username, role: 'moderator' };
  const q = (text: string, values: unknown[] = []) => store.pool.query(text, values);
  await q(
    `insert into users (id, username, username_key, password_hash, status, limited_at, created_at, updated_at)
     select 'u' || i, 'User' || i, 'user' || i, 'x',
       case when i % 50 = 0 then 'pending' when i % 70 = 0 then 'suspended' else 'active' end,
       case when i % 30 = 0 then i end, i, i
     from generate_series(1, 20000) as i`,
  );
  await q(
    `insert into posts (id, author_id, content, created_at, updated_at)
     select 'p' || i, 'u' || (i % 20000 + 1), 'post', i, i from generate_series(1, 20000) as i`,
  );
  await q(
    `insert into reports (id, reporter_id, subject_id, target_kind, reason, created_at, resolved_at, resolution)
     select 'r' || i, 'u' || (i % 20000 + 1), 'u' || ((i * 7) % 20000 + 1), 'member', 'spam', i,
       case when i % 10 <> 0 then i + 5 end, case when i % 10 <> 0 then 'dismiss' end
     from generate_series(1, 20000) as i`,
  );
  await q(
    `insert into audit_log (id, actor_id, actor_name, action, created_at)
     select 'a' || i, $1, 'mod', 'limit', i from generate_series(1, 20000) as i`,
    [mod.id],
  );
  await q('analyze');
});
afterAll(() => store?.close());

const tables = new Set(['users', 'reports', 'audit_log', 'posts']);

function problemsOf(plan: PlanNode, index: string): string[] {
  const all = nodesOf(plan);
  const problems = all.flatMap((node) => [
    ...(node['Node Type'] === 'Seq Scan' && tables.has(node['Relation Name']!)
      ? [`Seq Scan on ${node['Relation Name']}`]
      : []),
    ...(node['Node Type'] === 'Sort' ? ['Sort'] : []),
  ]);
  if (!all.some((node) => node['Index Name'] === index)) problems.push(`not read by ${index}`);
  return problems;
}

describe('moderation reads on PostgreSQL', () => {
  let client: pg.PoolClient;
  beforeAll(async () => void (client = await store.pool.connect()));
  afterAll(() => client.release());

  it('collate username keys by their bytes', async () => {
    const { rows } = await client.query(
      "select collation_name from information_schema.columns where table_name = 'users' and column_name = 'username_key'",
    );
    expect(rows).toEqual([{ collation_name: 'C' }]);
  });

  it('read each page by its index, in its order, without a scan or a sort, with and without their values', async () => {
    const pages: [() => Promise<unknown>, string][] = [
      [() => reportsPage(store, moderator, 'open', null), 'reports_resolved_created_idx'],
      [() => reportsPage(store, moderator, 'resolved', null), 'reports_resolved_created_idx'],
      [() => membersPage(store, moderator, { query: 'user12' }), 'users_username_key_idx'],
      [() => membersPage(store, moderator, { query: 'user1', status: 'limited' }), 'users_username_key_idx'],
      [() => membersPage(store, moderator, { query: '' }), 'users_created_idx'],
      [() => membersPage(store, moderator, { query: '', status: 'pending' }), 'users_status_created_idx'],
      [() => auditPage(store, moderator, null), 'audit_log_created_idx'],
    ];
    for (const [read, index] of pages) {
      const ran = await statementsOf(store.pool, read);
      expect(ran).toHaveLength(1);
      // An unnamed statement (the members search) is planned for its values each time: no generic plan.
      const plans = await plansOf(client, ran[0]!);
      for (const [i, plan] of (ran[0]!.name === undefined ? plans.slice(0, 1) : plans).entries()) {
        expect(problemsOf(plan, index), `${i ? 'generic' : 'custom'} plan of ${ran[0]!.text}`).toEqual([]);
      }
    }
  });
});
