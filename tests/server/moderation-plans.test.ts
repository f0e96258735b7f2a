import { afterEach, describe, expect, it } from 'vitest';
import { sqlitePlan, statementsPreparedBy } from '../helpers/sqlite-plans.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// SQLite's plans of the admin screens' pages: the reports queue on reports_resolved_created_idx,
// the members search on the unique index of username keys, the members by status on
// users_status_created_idx, everyone on users_created_idx, the audit log on audit_log_created_idx; nothing
// scans a table or sorts a list. The PostgreSQL twin: tests/pg/moderation-plans.test.ts.

let t: TestApp;
afterEach(() => t?.close());

describe.skipIf(testEngine !== 'sqlite')('moderation reads on SQLite', () => {
  it('read a page by index, in its order, without a scan or a sort', async () => {
    t = await makeTestApp();
    const mod = await t.member({ role: 'moderator' });
    const admin = t.caller(mod.token).admin;
    const prepared = await statementsPreparedBy(t.db, async () => {
      await admin.reports({});
      await admin.reports({ state: 'resolved' });
      await admin.members({ query: 'ann', status: 'limited' });
      await admin.members({ status: 'pending' });
      await admin.members({});
      await admin.log({});
    });
    // The statements of store/sqlite/moderation.ts (prepared together, on first use).
    const reads = prepared.filter((sql) => /from (reports r|users u|audit_log)\b/.test(sql));
    const plans = reads.map((sql) => ({ sql, plan: sqlitePlan(t.db, sql) }));
    for (const { sql, plan } of plans) {
      expect(
        plan.filter((step) => /^SCAN /.test(step) || step.startsWith('USE TEMP B-TREE')),
        `${sql}\n${plan.join('\n')}`,
      ).toEqual([]);
    }
    const steps = plans.map(({ plan }) => plan[0]);
    expect(steps).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^SEARCH r USING INDEX reports_resolved_created_idx \(resolved_at=\? AND \(created_at,id\)>/,
        ),
        expect.stringMatching(
          /^SEARCH r USING INDEX reports_resolved_created_idx \(resolved_at>\? AND \(resolved_at,created_at,id\)</,
        ),
        expect.stringMatching(
          /^SEARCH u USING INDEX users_username_key_idx \(username_key>\? AND username_key<\?\)/,
        ),
        expect.stringMatching(/^SEARCH u USING INDEX users_created_idx/),
        expect.stringMatching(/^SEARCH u USING INDEX users_status_created_idx \(status=\?/),
        expect.stringMatching(/^SEARCH audit_log USING INDEX audit_log_created_idx/),
      ]),
    );
  });
});
