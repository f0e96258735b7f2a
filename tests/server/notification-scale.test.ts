import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillInbox } from '../helpers/notification-volume.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// Speed at scale: a member with 10,000 notification groups, the newest with 5,000 actors (a
// post that went viral), reads their notifications and unread count about as fast as a member with 60.
// Runs on both engines and prints the medians. Why they stay close:
// docs/decisions/0003-notifications-and-live-events.md, "Consequences".

let t: TestApp;
const busy = { token: '', id: '' };
const quiet = { token: '', id: '' };

beforeAll(async () => {
  t = await makeTestApp();
  for (const [member, groups, actorsInNewest, prefix] of [
    [busy, 10_000, 5_000, 'busy'],
    [quiet, 60, 1, 'quiet'],
  ] as const) {
    const { id, token } = await t.member();
    Object.assign(member, { id, token });
    const { id: postId } = await t.caller(token).posts.create({ content: 'a post that went viral' });
    await fillInbox(t, id, postId, { groups, actorsInNewest, prefix });
  }
  // As autovacuum would have by then: PostgreSQL's index-only scans (the actor count) need the visibility map.
  await t.sql(testEngine === 'postgres' ? 'vacuum analyze' : 'analyze');
}, 120_000);
afterAll(() => t?.close());

type Reads = Record<'firstPage' | 'laterPage' | 'unreadCount', () => Promise<unknown>>;

/** The member's reads: the first page, a page two pages on, the unread count. */
async function readsOf(member: { token: string }): Promise<Reads> {
  const { list, unreadCount } = t.caller(member.token).notifications;
  const second = await list({});
  const third = await list({ cursor: second.nextCursor });
  return {
    firstPage: () => list({}),
    laterPage: () => list({ cursor: third.nextCursor }),
    unreadCount: () => unreadCount(),
  };
}

/**
 * The median time in ms of each read of each member, after a few runs to warm up. The members take turns,
 * so that the machine's other work weighs on both alike.
 */
async function medians(members: Reads[], times = 41): Promise<Record<keyof Reads, number>[]> {
  const results = members.map(() => ({}) as Record<keyof Reads, number>);
  for (const key of ['firstPage', 'laterPage', 'unreadCount'] as const) {
    const took: number[][] = members.map(() => []);
    for (let i = -5; i < times; i++) {
      for (const [m, reads] of members.entries()) {
        const start = performance.now();
        await reads[key]();
        if (i >= 0) took[m]!.push(performance.now() - start);
      }
    }
    took.forEach((runs, m) => (results[m]![key] = runs.sort((a, b) => a - b)[Math.floor(times / 2)]!));
  }
  return results;
}

describe(`notification reads at scale (${testEngine})`, () => {
  it('take about as long for 10,000 groups, one of 5,000 actors, as for 60', async () => {
    const first = (await t.caller(busy.token).notifications.list({})).items;
    expect(first).toHaveLength(20);
    expect(first[0]!.actorCount).toBe(5_000);
    expect(await t.caller(busy.token).notifications.unreadCount()).toEqual({ count: 100 });

    const [large, small] = await medians([await readsOf(busy), await readsOf(quiet)]);
    const ms = (n: number) => `${n.toFixed(3)} ms`;
    // eslint-disable-next-line no-console -- the medians are meant to be read in the run's output
    console.log(
      `notifications on ${testEngine}, median of 41 in-process tRPC calls, 10,000 groups (5,000 actors in the newest) vs 60:`,
      Object.fromEntries(
        Object.keys(large!).map((key) => [
          key,
          `${ms(large![key as 'firstPage'])} vs ${ms(small![key as 'firstPage'])}`,
        ]),
      ),
    );
    // Counting the 5,000 actors is the one cost that grows (a few milliseconds); the rest reads 21 groups
    // either way. Generous bounds for a busy machine: the plans' tests hold each read to its index.
    expect(large!.firstPage).toBeLessThan(small!.firstPage * 5 + 5);
    expect(large!.laterPage).toBeLessThan(small!.laterPage * 3 + 2);
    expect(large!.unreadCount).toBeLessThan(small!.unreadCount * 3 + 2);
  });
});
