import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(() => t?.close());

/** Runs `pages` and returns every distinct SQL statement they prepared. */
async function statementsOf(pages: () => Promise<unknown>): Promise<string[]> {
  const client = t.db.$client;
  const prepare = client.prepare.bind(client);
  const seen = new Set<string>();
  const spy = (sql: string) => {
    seen.add(sql);
    return prepare(sql);
  };
  (client as { prepare: unknown }).prepare = spy;
  try {
    await pages();
  } finally {
    (client as { prepare: unknown }).prepare = prepare;
  }
  return [...seen];
}

function planOf(sql: string): string[] {
  const params = (sql.match(/\?/g) ?? []).map(() => 'x');
  const rows = t.db.$client.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

// A SCAN of a real table is only fine when it walks an index in order (explore, who to follow) and stops at
// the page's LIMIT; a bare `SCAN posts` would read the whole table.
const fullScan =
  /^SCAN (users|posts|comments|post_reactions|comment_votes|bookmarks|follows)(?! USING (COVERING )?INDEX)/;

describe('every query a page runs is served by an index', () => {
  it('holds for the feeds, profile, bookmarks, comments and who to follow', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    const caller = t.caller(me.token);
    const statements = await statementsOf(async () => {
      await caller.posts.feed({ mode: 'latest' });
      await caller.posts.feed({ mode: 'trending' });
      const explore = await caller.posts.explore({});
      await caller.posts.byUser({ username: 'janecooper' });
      await caller.posts.byId({ postId: explore.items[0]!.id });
      await caller.bookmarks.list({});
      await caller.users.byUsername({ username: 'janecooper' });
      await caller.users.whoToFollow();
      await caller.comments.list({ postId: explore.items[0]!.id });
    });
    expect(statements.length).toBeGreaterThan(10);
    for (const sql of statements) {
      const plan = planOf(sql);
      expect(
        plan.filter((step) => fullScan.test(step)),
        `${sql}\n${plan.join('\n')}`,
      ).toEqual([]);
    }
  });
});
