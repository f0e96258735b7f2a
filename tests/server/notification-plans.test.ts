import { afterEach, describe, expect, it } from 'vitest';
import { fillInbox } from '../helpers/notification-volume.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// SQLite's plans of the notifications page and the unread count (issue 16: "the unread count is one indexed
// query"): each reads the member's groups from notifications_recipient_latest_idx, newest first, and each
// group's actors from notification_actors_group_created_idx; nothing scans a table or sorts a whole list.
// The PostgreSQL twin: tests/pg/notification-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

/** The SQL of every statement `run` prepares (reads are prepared on first use, once per connection). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const client = t.db.$client;
  const prepare = client.prepare.bind(client);
  const seen: string[] = [];
  (client as { prepare: unknown }).prepare = (sql: string) => (seen.push(sql), prepare(sql));
  try {
    await run();
  } finally {
    (client as { prepare: unknown }).prepare = prepare;
  }
  return seen;
}

function planOf(sql: string): string[] {
  const named = Object.fromEntries((sql.match(/(?<=:)[a-z]\w*/gi) ?? []).map((name) => [name, 'x']));
  const rows = t.db.$client.prepare(`explain query plan ${sql}`).all(named) as { detail: string }[];
  return rows.map((row) => row.detail);
}

describe.skipIf(testEngine !== 'sqlite')('notification reads on SQLite', () => {
  it('read by index, newest first, without a scan or a sort of the list', async () => {
    t = await makeTestApp();
    const [me, other] = await Promise.all([t.member(), t.member()]);
    const { id: mine } = await t.caller(me.token).posts.create({ content: 'mine' });
    const { id: theirs } = await t.caller(other.token).posts.create({ content: 'theirs' });
    await fillInbox(t, me.id, mine, { groups: 3000, actorsInNewest: 1000 });
    await fillInbox(t, other.id, theirs, { groups: 3000, actorsInNewest: 10, prefix: 'other' });
    await t.sql('analyze');

    const caller = t.caller(me.token).notifications;
    const statements = await statementsOf(async () => {
      const first = await caller.list({});
      expect(first.items[0]!.actorCount).toBe(1000);
      await caller.list({ cursor: first.nextCursor });
      expect(await caller.unreadCount()).toEqual({ count: 100 });
    });
    const reads = statements.filter((sql) => sql.includes('notification_actors'));
    expect(reads).toHaveLength(2);
    for (const sql of reads) {
      const plan = planOf(sql);
      const where = `${sql}\n${plan.join('\n')}`;
      expect(
        plan.filter((step) => /^SCAN (notifications|notification_actors|users|posts|comments)\b/.test(step)),
        where,
      ).toEqual([]);
      expect(
        plan.filter((step) => step.startsWith('USE TEMP B-TREE FOR ORDER BY')),
        where,
      ).toEqual([]);
      expect(
        plan.some((step) =>
          /^SEARCH n USING (COVERING )?INDEX notifications_recipient_latest_idx/.test(step),
        ),
        where,
      ).toBe(true);
      expect(
        plan
          .filter((step) => /\bnotification_actors\b/.test(step) || /^SEARCH (na|x|c)\b/.test(step))
          .every((step) => step.includes('notification_actors_group_created_idx')),
        where,
      ).toBe(true);
    }
  });
});
