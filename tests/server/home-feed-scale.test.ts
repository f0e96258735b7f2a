import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateScale } from '../../seed/scale.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The home feed bounds each page before it sorts (post-cards.ts, homePageIds). This checks it against the
// plain definition, "my posts and those I follow, in order, after the cursor", on a generated instance whose
// long-tailed authors, ties and members with few follows are what the bounds must get right.
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await generateScale(t.db, { users: 200, posts: 6000, seed: 7 });
});
afterAll(() => t?.close());

const keyOf = {
  latest: ['created_at', 'id'],
  trending: ['score', 'created_at', 'id'],
};

/** Every id of `viewerId`'s home feed in `mode` order, straight from the definition. */
function expectedFeed(viewerId: string, mode: 'latest' | 'trending'): string[] {
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
  it('pages through exactly the posts of me and the members I follow, in order, for busy and quiet members', async () => {
    const members = t.db.$client
      .prepare(
        `select u.id, u.username, (select count(*) from follows f where f.follower_id = u.id) as follows
         from users u order by follows desc, u.id`,
      )
      .all() as { id: string; username: string; follows: number }[];
    // The busiest, the quietest, and a spread between: page bounds differ most between them.
    const chosen = [...members.slice(0, 3), ...members.filter((_, i) => i % 25 === 0), ...members.slice(-3)];
    expect(chosen.length).toBeGreaterThan(10);
    for (const member of chosen) {
      const token = await t.keys.sign({ _id: member.id, username: member.username });
      const caller = t.caller(token);
      for (const mode of ['latest', 'trending'] as const) {
        const expected = expectedFeed(member.id, mode).slice(0, 60);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await caller.posts.feed({ mode, cursor });
          seen.push(...page.items.map((post) => post.id));
          cursor = page.nextCursor;
        } while (cursor && seen.length < 60);
        expect(seen.slice(0, 60), `${mode} feed of ${member.username}`).toEqual(expected);
      }
    }
  });
});
