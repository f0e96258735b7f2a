import { afterEach, describe, expect, it } from 'vitest';
import { generateScale } from '../../seed/scale.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The reads of live updates (store/sqlite/fan-out.ts) seek by primary key and index, on SQLite; the
// PostgreSQL twin is tests/pg/live-query-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

/** The SQL that `reads` prepare on the connection. */
async function statementsOf(reads: () => Promise<unknown>): Promise<string[]> {
  const client = t.db.$client;
  const prepare = client.prepare.bind(client);
  const seen: string[] = [];
  (client as { prepare: unknown }).prepare = (sql: string) => (seen.push(sql), prepare(sql));
  try {
    await reads();
  } finally {
    (client as { prepare: unknown }).prepare = prepare;
  }
  return seen;
}

function planOf(sql: string): string {
  const named = Object.fromEntries((sql.match(/(?<=:)[a-z]\w*/gi) ?? []).map((name) => [name, '["x"]']));
  const rows = t.db.$client.prepare(`explain query plan ${sql}`).all(named) as { detail: string }[];
  return rows.map((row) => row.detail).join('\n');
}

describe('the reads of live updates on SQLite', () => {
  it('seek each id in a primary key, never scanning follows or posts', async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 300, posts: 5000 });
    t.db.$client.exec('analyze');
    const ids = t.db.$client.prepare('select id from users limit 50').pluck().all() as string[];
    const posts = t.db.$client.prepare('select id from posts limit 50').pluck().all() as string[];
    // The two are prepared together, on the first read.
    const statements = await statementsOf(async () => {
      await t.store.read.fanOut.followersAmong(ids[0]!, ids);
      await t.store.read.fanOut.postCounts(posts);
    });
    const planFor = (table: string) =>
      planOf(statements.find((sql) => sql.includes(`join ${table}`) || sql.includes(`from ${table}`))!);
    const [followers, counts] = [planFor('follows'), planFor('posts')];
    expect(followers).toMatch(/SEARCH f USING (COVERING INDEX sqlite_autoindex_follows_1|PRIMARY KEY)/);
    expect(counts).toMatch(/SEARCH p USING INDEX sqlite_autoindex_posts_1 \(id=\?\)/);
    for (const plan of [followers, counts]) expect(plan).not.toMatch(/SCAN (f|p|follows|posts)\b/);
  });
});
