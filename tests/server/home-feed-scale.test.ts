import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateScale } from '../../seed/scale.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The home feed bounds each page before it sorts (store/sqlite/feeds.ts and home-latest.ts). This checks it
// against the plain definition, "my posts and those I follow, in order, after the cursor" (and in Latest,
// the boosts of me and those I follow whose boosts I show, each post once at its newest item), on a generated
// instance whose long-tailed authors, ties, boosts and members with few follows are what the bounds must get
// right.
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await generateScale(t.db, { users: 200, posts: 6000, seed: 7 });
  // More boosts than the generator's 5%, so that several fall on each page; and some follows with "Hide
  // boosts" on. A post's items never share a time, as Realm's clock makes them (domain/clock.ts): the feed's
  // cursor is (time, post), so each booster's boost of a post is a millisecond of its own (users' rowids).
  t.db.$client.exec(`insert or ignore into boosts (post_id, user_id, created_at)
    select p.id, u.id, p.created_at + 1 + 1000 * (abs(random()) % 100000) + u.rowid % 1000 from posts p
    join users u on (abs(random()) % 400) = 0 where u.id <> p.author_id`);
  t.db.$client.exec(`update follows set hide_boosts = 1 where (abs(random()) % 7) = 0`);
});
afterAll(() => t?.close());

const keyOf = {
  latest: ['created_at', 'id'],
  trending: ['score', 'created_at', 'id'],
};

/** Every item of `viewerId`'s Latest home feed, "postId" or "postId <- boosterId", from the definition. */
function expectedLatest(viewerId: string): string[] {
  return t.db.$client
    .prepare(
      `with authors(m) as (select followee_id from follows where follower_id = :v union all select :v),
       boosters(m) as (select followee_id from follows where follower_id = :v and not hide_boosts
                       union all select :v),
       items(id, at, booster) as (
         select id, created_at, null from posts where author_id in (select m from authors)
         union all select post_id, created_at, user_id from boosts where user_id in (select m from boosters)),
       newest as (select id, at, booster,
         row_number() over (partition by id order by at desc, booster desc nulls last) as n from items)
       select id || coalesce(' <- ' || booster, '') from newest where n = 1 order by at desc, id desc`,
    )
    .pluck()
    .all({ v: viewerId }) as string[];
}

/** Every id of `viewerId`'s home feed in `mode` order, straight from the definition. */
function expectedFeed(viewerId: string, mode: 'latest' | 'trending'): string[] {
  if (mode === 'latest') return expectedLatest(viewerId);
  const order = keyOf[mode].map((column) => `${column} desc`).join(', ');
  return t.db.$client
    .prepare(
      `select id from posts where author_id in (select followee_id from follows where follower_id = ? union all select ?)
       order by ${order}`,
    )
    .pluck()
    .all(viewerId, viewerId) as string[];
}

describe('the home feed on a generated instance', () => {
  it('pages through exactly the posts and boosts of me and the members I follow, in order, for busy and quiet members', async () => {
    const members = t.db.$client
      .prepare(
        `select u.id, u.username, (select count(*) from follows f where f.follower_id = u.id) as follows
         from users u order by follows desc, u.id`,
      )
      .all() as { id: string; username: string; follows: number }[];
    // The busiest, the quietest, and a spread between: page bounds differ most between them.
    const chosen = [...members.slice(0, 3), ...members.filter((_, i) => i % 25 === 0), ...members.slice(-3)];
    expect(chosen.length).toBeGreaterThan(10);
    let boosted = 0;
    for (const member of chosen) {
      const token = await t.keys.sign({ _id: member.id, username: member.username });
      const caller = t.caller(token);
      for (const mode of ['latest', 'trending'] as const) {
        const expected = expectedFeed(member.id, mode).slice(0, 60);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await caller.posts.feed({ mode, cursor });
          seen.push(
            ...page.items.map((post) => post.id + (post.boostedBy ? ` <- ${post.boostedBy.id}` : '')),
          );
          cursor = page.nextCursor;
        } while (cursor && seen.length < 60);
        expect(seen.slice(0, 60), `${mode} feed of ${member.username}`).toEqual(expected);
        boosted += seen.slice(0, 60).filter((item) => item.includes(' <- ')).length;
      }
    }
    expect(boosted).toBeGreaterThan(20);
  });
});
