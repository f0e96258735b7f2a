import { afterEach, describe, expect, it } from 'vitest';
import { notificationsPage, unreadCount } from '../../src/server/domain/notification-views.js';
import { fillInbox, type Inbox } from '../helpers/notification-volume.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Speed at scale: the unread count is one statement, and a notifications page a fixed number of
// statements however many notifications and actors there are. Counted on both engines
// (tests/helpers/statements.ts); the plans behind them: tests/server/notification-plans.test.ts (SQLite)
// and tests/pg/notification-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

async function countsFor(inbox: Inbox, hideTwo = false) {
  t = await makeTestApp();
  const me = await t.member();
  const { id: postId } = await t.caller(me.token).posts.create({ content: 'liked a lot' });
  await fillInbox(t, me.id, postId, inbox);
  if (hideTwo) {
    // Two of the newest group's actors hidden from me, one muted and one blocked.
    await t.sql('insert into mutes (muter_id, muted_id, created_at) values ($1, $2, 1)', [
      me.id,
      'g-actor-0',
    ]);
    await t.sql('insert into blocks (blocker_id, blocked_id, created_at) values ($1, $2, 1)', [
      me.id,
      'g-actor-1',
    ]);
  }
  const caller = t.caller(me.token).notifications;
  const first = await notificationsPage(t.store, me.id);
  const counts = {
    unreadCount: await statementsRunBy(t, () => unreadCount(t.store, me.id)),
    firstPage: await statementsRunBy(t, () => notificationsPage(t.store, me.id)),
    nextPage: await statementsRunBy(t, () => notificationsPage(t.store, me.id, first.nextCursor)),
    mentionsPage: await statementsRunBy(t, () => notificationsPage(t.store, me.id, null, 'mentions')),
    // Through tRPC: the token's member is looked up too, the same few statements for everyone.
    listCall: await statementsRunBy(t, () => caller.list({})),
    unreadCall: await statementsRunBy(t, () => caller.unreadCount()),
  };
  const shown = { items: first.items.length, actorCount: first.items[0]!.actorCount };
  await t.close();
  return { counts, shown };
}

describe('notification reads', () => {
  it('take as many statements for 60 groups, one of 300 actors, as for 2 groups of one actor', async () => {
    const small = await countsFor({ groups: 2, actorsInNewest: 1 });
    const large = await countsFor({ groups: 60, actorsInNewest: 300 });
    expect(small.shown).toEqual({ items: 2, actorCount: 1 });
    expect(large.shown).toEqual({ items: 20, actorCount: 300 });
    expect(large.counts).toEqual(small.counts);
    expect(large.counts.unreadCount).toBe(1);
    expect(large.counts.firstPage).toBe(1);
    expect(large.counts.nextPage).toBe(1);
    expect(large.counts.mentionsPage).toBe(1);
    expect(large.counts.listCall).toBeLessThanOrEqual(2);
    expect(large.counts.unreadCall).toBeLessThanOrEqual(2);
  });

  it('take the same statements when some actors are hidden from the member, and count only the others', async () => {
    const plain = await countsFor({ groups: 60, actorsInNewest: 300 });
    const hidden = await countsFor({ groups: 60, actorsInNewest: 300 }, true);
    expect(hidden.counts).toEqual(plain.counts);
    expect(hidden.shown).toEqual({ items: 20, actorCount: 298 });
  });
});
