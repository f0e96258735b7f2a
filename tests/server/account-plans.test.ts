import { afterEach, describe, expect, it } from 'vitest';
import { statementsPreparedBy, sqlitePlan } from '../helpers/sqlite-plans.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// /about's staff lists, a member's invite codes and the account archive read by index.
// SQLite's plans by nature (`explain query plan`); the statements are the same on PostgreSQL.

let t: TestApp;
afterEach(() => t?.close());

const bigTables = /^SCAN (users|posts|comments|bookmarks|follows|invites)\b/;

describe.runIf(testEngine === 'sqlite')('account reads on SQLite', () => {
  it('never scan a whole table of members or content, and sort only a member’s own comments', async () => {
    t = await makeTestApp();
    const admin = await t.member({ role: 'admin' });
    const member = await t.member();
    const api = t.caller(member.token);
    await t.caller(admin.token).instance.update({ invitesByMembers: true });
    const statements = await statementsPreparedBy(t.db, async () => {
      await t.caller().instance.about();
      await api.invites.create({});
      await api.invites.list();
      await api.account.export();
      await api.account.me();
    });
    expect(statements.length).toBeGreaterThan(8);
    // The one exception, by choice: an admin's list of every code walks the invites table (codes are made by
    // hand, a few hundred in years) rather than keep an index on their time for it alone.
    const everyCode =
      /from "invites" inner join "users" .* order by "invites"."created_at" desc, "invites"."code"/;
    expect(statements.filter((sql) => everyCode.test(sql))).toHaveLength(1);
    for (const sql of statements.filter((statement) => !everyCode.test(statement))) {
      const plan = sqlitePlan(t.db, sql);
      expect({ sql, scans: plan.filter((step) => bigTables.test(step)) }).toEqual({ sql, scans: [] });
      const sorted = plan.some((step) => step.startsWith('USE TEMP B-TREE FOR ORDER BY'));
      // comments_author_idx finds a member's comments; only those are sorted, newest first.
      if (sorted) expect(sql).toMatch(/from "comments"/);
    }
  });
});
