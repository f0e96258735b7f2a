import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMember } from '../../seed/factories.js';
import { notificationsPage, unreadCount } from '../../src/server/domain/notification-views.js';
import { createPost } from '../../src/server/domain/posts.js';
import { openPostgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { fillInbox } from '../helpers/notification-volume.js';
import {
  explain,
  nodesOf,
  plansOf,
  statementsOf,
  type PlanNode,
  type Ran,
} from '../helpers/postgres-plans.js';
import { freshDatabase } from '../helpers/postgres.js';
import { addSomeRelations } from '../helpers/relation-rows.js';

// The PostgreSQL twin of tests/server/notification-plans.test.ts: the notifications page and the unread
// count read the member's groups from notifications_recipient_latest_idx (the Mentions filter from
// notifications_recipient_kind_latest_idx), newest first, and each group's
// actors from notification_actors_group_created_idx, with their values and in the generic plan a named
// statement may switch to.

let store: PostgresStore;
let memberId: string;

beforeAll(async () => {
  store = openPostgresStore({ url: await freshDatabase(inject('postgresAdminUrl')), poolSize: 4 });
  const sql = {
    sql: async (text: string, values: unknown[] = []) => (await store.pool.query(text, values)).rows,
  };
  const [me, other] = [await createMember(store), await createMember(store)];
  memberId = me.id;
  const mine = await createPost(store, me, 'mine');
  const theirs = await createPost(store, other, 'theirs');
  await fillInbox(sql, me.id, mine, { groups: 3000, actorsInNewest: 1000 });
  await fillInbox(sql, other.id, theirs, { groups: 3000, actorsInNewest: 10, prefix: 'other' });
  // Posts and comments enough that the planner would rather not scan them for the excerpts.
  await store.pool.query(
    `insert into posts (id, author_id, content, created_at, updated_at)
     select 'bulk' || i, $1, 'bulk post', i, i from generate_series(1, 5000) as i`,
    [other.id],
  );
  await store.pool.query(
    `insert into comments (id, post_id, author_id, text, created_at, updated_at)
     select 'bulk' || i, 'bulk' || i, $1, 'bulk comment', i, i from generate_series(1, 5000) as i`,
    [other.id],
  );
  // Many members with notifications of their own, as on a real instance: a member's are a few of them all.
  await store.pool.query(
    `insert into notifications (id, recipient_id, kind, group_key, latest_at)
     select 'many' || i, 'g-actor-' || (i % 1000), 'follow', 'follow:many' || i, i
     from generate_series(1, 30000) as i`,
  );
  await store.pool.query(
    `insert into notification_actors (notification_id, actor_id, created_at)
     select 'many' || i, $1, i from generate_series(1, 30000) as i`,
    [other.id],
  );
  // Members blocked and muted (not the reader), so that the planner weighs how to read them.
  await addSomeRelations((text, values) => store.pool.query(text, values), [me.id]);
  await store.pool.query('analyze');
});
afterAll(() => store?.close());

const tables = new Set([
  'notifications',
  'notification_actors',
  'users',
  'posts',
  'comments',
  'blocks',
  'mutes',
]);

/**
 * A group's actors are read by an index on the group: the newest shown (`na`) in the order of (group,
 * created_at); whether any is left and how many by that one or by the key (group, actor), which also holds
 * the actor that the filter of hidden members (blocked, muted, suspended) asks about.
 */
const byGroup = (node: PlanNode) =>
  node['Index Name'] === 'notification_actors_group_created_idx' ||
  (node.Alias !== 'na' && node['Index Name'] === 'notification_actors_notification_id_actor_id_pk');

/** What is wrong with a plan: sequential scans of the tables it reads, sorts, the list not read by its index. */
function problemsOf(plan: PlanNode, listIndex = 'notifications_recipient_latest_idx'): string[] {
  const all = nodesOf(plan);
  const problems = all.flatMap((node) => [
    ...(node['Node Type'] === 'Seq Scan' && tables.has(node['Relation Name']!)
      ? [`Seq Scan on ${node['Relation Name']}`]
      : []),
    ...(node['Node Type'] === 'Sort' ? ['Sort'] : []),
    ...(node['Relation Name'] === 'notification_actors' && !byGroup(node)
      ? [`notification_actors by ${node['Index Name'] ?? node['Node Type']}`]
      : []),
  ]);
  if (!all.some((node) => node['Index Name'] === listIndex)) {
    problems.push(`notifications not read by ${listIndex}`);
  }
  return problems;
}

describe('notification reads on PostgreSQL', () => {
  let reads: Ran[];
  let client: pg.PoolClient;
  beforeAll(async () => {
    reads = await statementsOf(store.pool, async () => {
      const first = await notificationsPage(store, memberId);
      expect(first.items[0]!.actorCount).toBe(1000);
      await notificationsPage(store, memberId, first.nextCursor);
      const mentions = await notificationsPage(store, memberId, null, 'mentions');
      expect(mentions.items.map((item) => item.kind)).toEqual(Array(20).fill('mention'));
      expect(await unreadCount(store, memberId)).toEqual({ count: 100 });
    });
    client = await store.pool.connect();
  });
  afterAll(() => client.release());

  it('read by index, newest first, without a scan or a sort, with and without their values', async () => {
    expect(reads).toHaveLength(4);
    for (const ran of reads) {
      // The Mentions filter reads one kind's groups on the index by kind, in the same order.
      const listIndex = ran.text.includes(`n.kind = 'mention'`)
        ? 'notifications_recipient_kind_latest_idx'
        : 'notifications_recipient_latest_idx';
      for (const plan of await plansOf(client, ran)) {
        expect(problemsOf(plan, listIndex), ran.text).toEqual([]);
      }
    }
  });

  it('fails a read whose index is missing (the check itself works)', async () => {
    await client.query('begin');
    try {
      await client.query('drop index notifications_recipient_latest_idx');
      const found: string[] = [];
      for (const ran of reads) found.push(...problemsOf(await explain(client, ran.text, ran.values)));
      expect(found).toContain('notifications not read by notifications_recipient_latest_idx');
    } finally {
      await client.query('rollback');
    }
  });
});
