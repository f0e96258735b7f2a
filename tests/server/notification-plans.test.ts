import { afterEach, describe, expect, it } from 'vitest';
import { fillInbox } from '../helpers/notification-volume.js';
import { sqlitePlan, statementsPreparedBy } from '../helpers/sqlite-plans.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// SQLite's plans of the notifications page and the unread count, which must be one indexed query
// (docs/decisions/0003-notifications-and-live-events.md): each reads the member's groups from
// notifications_recipient_latest_idx (the Mentions filter notifications_recipient_kind_latest_idx), newest first, and each group's actors from
// notification_actors_group_created_idx; nothing scans a table or sorts a whole list.
// The PostgreSQL twin: tests/pg/notification-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

const planOf = (sql: string) => sqlitePlan(t.db, sql);

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
    const statements = await statementsPreparedBy(t.db, async () => {
      const first = await caller.list({});
      expect(first.items[0]!.actorCount).toBe(1000);
      await caller.list({ cursor: first.nextCursor });
      const mentions = await caller.list({ filter: 'mentions' });
      expect(mentions.items.map((item) => item.kind)).toEqual(Array(20).fill('mention'));
      expect(await caller.unreadCount()).toEqual({ count: 100 });
    });
    const reads = statements.filter((sql) => sql.includes('notification_actors'));
    expect(reads).toHaveLength(3);
    for (const sql of reads) {
      const plan = planOf(sql);
      // The Mentions filter reads one kind's groups on the index by kind, in the same order.
      const listIndex = sql.includes(`n.kind = 'mention'`)
        ? 'notifications_recipient_kind_latest_idx'
        : 'notifications_recipient_latest_idx';
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
        plan.some((step) => new RegExp(`^SEARCH n USING (COVERING )?INDEX ${listIndex} `).test(step)),
        where,
      ).toBe(true);
      // A group's actors by an index on the group: the newest shown in the order of (group, created_at);
      // whether any is left, and how many, by that one or by the key (group, actor), which also holds the
      // actor that the filter of hidden members (blocked, muted, suspended) asks about; whether a comment's
      // author is in the group (y) by that key.
      const byGroup =
        /notification_actors_group_created_idx|sqlite_autoindex_notification_actors_1 \(notification_id=\?( AND actor_id=\?)?\)/;
      expect(
        plan
          .filter((step) => /\bnotification_actors\b/.test(step) || /^SEARCH (na|x|c|y)\b/.test(step))
          .every((step) =>
            (/^SEARCH na\b/.test(step) ? /notification_actors_group_created_idx/ : byGroup).test(step),
          ),
        where,
      ).toBe(true);
      // A comment group's newest comment is read backwards on the post's comments by time.
      if (sql.includes('comments nc')) {
        expect(
          plan.filter((step) => /^SEARCH nc\b/.test(step)),
          where,
        ).toEqual([
          expect.stringMatching(/INDEX comments_post_created_idx \(post_id=\? AND created_at<\?\)/),
        ]);
      }
      // Whose actions are hidden from the member is read by index (blocks, mutes, suspended).
      expect(
        plan.filter((step) => /^SCAN (blocks|mutes)\b/.test(step)),
        where,
      ).toEqual([]);
    }
  });
});
