import { afterEach, describe, expect, it } from 'vitest';
import { commandLine } from '../../src/server/domain/moderation.js';
import { storageUsage } from '../../src/server/domain/media-usage.js';
import { statementsPreparedBy, sqlitePlan } from '../helpers/sqlite-plans.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// The storage report's statements (`realm admin media-usage`, /admin/storage) read media_owner_idx alone on
// SQLite: never the table's rows (with their keys and placeholders), and members grouped in the index's
// order without a sort. Twin: tests/pg/media-usage-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

describe.runIf(testEngine === 'sqlite')('the storage report on SQLite', () => {
  it('reads the covering media_owner_idx, and users by their key', async () => {
    t = await makeTestApp();
    t.db.$client.exec(`insert into users (id, username, username_key, password_hash, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 50)
      select 'u' || i, 'user' || i, 'user' || i, 'x', i, i from n`);
    t.db.$client.exec(`insert into media (id, owner_id, large_key, preview_key, width, height, preview_width,
        preview_height, placeholder, bytes, created_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      select 'm' || i, 'u' || (i % 50 + 1), 'k' || i, 'p' || i, 1, 1, 1, 1, '', i, i from n`);
    t.db.$client.exec('analyze');
    let usage: Awaited<ReturnType<typeof storageUsage>> | undefined;
    const statements = await statementsPreparedBy(t.db, async () => {
      usage = await storageUsage(t.store, commandLine, 3);
    });
    expect(usage).toMatchObject({ pictures: 2000, unattached: 2000, bytes: (2000 * 2001) / 2 });
    expect(usage!.top.map((m) => m.username)).toEqual(['user1', 'user50', 'user49']);
    expect(statements).toHaveLength(2);
    for (const sql of statements) {
      const plan = sqlitePlan(t.db, sql, 3);
      expect(plan, sql).toContainEqual(
        expect.stringMatching(/^SCAN media USING COVERING INDEX media_owner_idx/),
      );
      const bad = plan.filter(
        (step) => /^SCAN (media|users)$/.test(step) || /TEMP B-TREE FOR GROUP BY/.test(step),
      );
      expect({ sql, bad }).toEqual({ sql, bad: [] });
    }
  });
});
