import { afterEach, describe, expect, it } from 'vitest';
import { sqlitePlan, statementsPreparedBy } from '../helpers/sqlite-plans.js';
import { generateScale } from '../../seed/scale.js';
import { addSomeRelations } from '../helpers/relation-rows.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The reads of live updates (store/sqlite/fan-out.ts) seek by primary key and index, on SQLite; the
// PostgreSQL twin is tests/pg/live-query-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

const planOf = (sql: string) => sqlitePlan(t.db, sql, '["x"]').join('\n');

describe('the reads of live updates on SQLite', () => {
  it('seek each id in a primary key, never scanning follows or posts', async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 300, posts: 5000 });
    await addSomeRelations(t.sql); // a follower who muted the author is left out
    t.db.$client.exec('analyze');
    const ids = t.db.$client.prepare('select id from users limit 50').pluck().all() as string[];
    const posts = t.db.$client.prepare('select id from posts limit 50').pluck().all() as string[];
    // The two are prepared together, on the first read.
    const statements = await statementsPreparedBy(t.db, async () => {
      await t.store.read.fanOut.followersAmong(ids[0]!, ids);
      await t.store.read.fanOut.postCounts(posts, ids);
    });
    const planFor = (table: string) =>
      planOf(statements.find((sql) => sql.includes(`join ${table}`) || sql.includes(`from ${table}`))!);
    const [followers, counts] = [planFor('follows'), planFor('posts')];
    expect(followers).toMatch(/SEARCH f USING (COVERING INDEX sqlite_autoindex_follows_1|PRIMARY KEY)/);
    expect(counts).toMatch(/SEARCH p USING INDEX sqlite_autoindex_posts_1 \(id=\?\)/);
    expect(followers).toMatch(/SEARCH m USING (COVERING INDEX sqlite_autoindex_mutes_1|PRIMARY KEY)/);
    // Who of the connected may not hear a post's counts: the author's relations, by index.
    // (A block by the author is a seek per connected member, of either index: both hold the pair.)
    expect(counts.match(/SEARCH b USING (COVERING INDEX|PRIMARY KEY)/g)).toHaveLength(2);
    expect(counts).toMatch(/SEARCH m USING COVERING INDEX mutes_muted_idx/);
    for (const plan of [followers, counts]) {
      expect(plan).not.toMatch(/SCAN (f|p|m|b|u|follows|posts|mutes|blocks|users)\b/);
    }
  });
});
