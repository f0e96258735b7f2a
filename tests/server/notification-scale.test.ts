import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillInbox } from '../helpers/notification-volume.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// Issue 16, "speed at scale": a member with 10,000 notification groups, the newest with 5,000 actors (a
// post that went viral), reads their notifications and unread count about as fast as a member with 20.
// Runs on both engines; the medians are printed for the README and the report.

let t: TestApp;
const busy = { token: '', id: '' };
const quiet = { token: '', id: '' };

beforeAll(async () => {
  t = await makeTestApp();
  for (const [member, groups, actorsInNewest, prefix] of [
    [busy, 10_000, 5_000, 'busy'],
    [quiet, 20, 1, 'quiet'],
  ] as const) {
    const { id, token } = await t.member();
    Object.assign(member, { id, token });
    const { id: postId } = await t.caller(token).posts.create({ content: 'a post that went viral' });
    await fillInbox(t, id, postId, { groups, actorsInNewest, prefix });
  }
  await t.sql('analyze');
}, 120_000);
afterAll(() => t?.close());

/** The median time of `run`, in ms, after a few runs to warm up. */
async function median(run: () => Promise<unknown>, times = 41): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    took.push(performance.now() - start);
  }
  return took.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

async function timings(member: { token: string }) {
  const list = t.caller(member.token).notifications.list;
  const first = await list({});
  let cursor = first.nextCursor;
  for (let i = 0; i < 5 && cursor; i++) cursor = (await list({ cursor })).nextCursor;
  return {
    firstPage: await median(() => list({})),
    laterPage: await median(() => list({ cursor })),
    unreadCount: await median(() => t.caller(member.token).notifications.unreadCount()),
  };
}

describe(`notification reads at scale (${testEngine})`, () => {
  it('take about as long for 10,000 groups, one of 5,000 actors, as for 20', async () => {
    const first = (await t.caller(busy.token).notifications.list({})).items;
    expect(first).toHaveLength(20);
    expect(first[0]!.actorCount).toBe(5_000);
    expect(await t.caller(busy.token).notifications.unreadCount()).toEqual({ count: 100 });

    const large = await timings(busy);
    const small = await timings(quiet);
    const ms = (n: number) => `${n.toFixed(3)} ms`;
    // eslint-disable-next-line no-console -- the medians are meant to be read in the run's output
    console.log(
      `notifications on ${testEngine}, median of 41 in-process tRPC calls, 10,000 groups (5,000 actors in the newest) vs 20:`,
      Object.fromEntries(
        Object.keys(large).map((key) => [
          key,
          `${ms(large[key as 'firstPage'])} vs ${ms(small[key as 'firstPage'])}`,
        ]),
      ),
    );
    // Counting 5,000 actors is the one cost that grows with the list; the rest reads 21 groups either way.
    expect(large.firstPage).toBeLessThan(small.firstPage * 5 + 2);
    expect(large.laterPage).toBeLessThan(small.laterPage * 3 + 1);
    expect(large.unreadCount).toBeLessThan(small.unreadCount * 5 + 1);
  });
});
