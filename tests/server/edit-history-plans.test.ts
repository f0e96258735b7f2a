import { afterEach, describe, expect, it } from 'vitest';
import { statementsPreparedBy, sqlitePlan } from '../helpers/sqlite-plans.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// An edit and a history read by primary key: no scan of a table of content or versions, no sort. SQLite's
// plans by nature (`explain query plan`); the PostgreSQL statements are the same reads.

let t: TestApp;
afterEach(() => t?.close());

const scans = /^SCAN (users|posts|comments|post_versions|comment_versions)\b/;

describe.runIf(testEngine === 'sqlite')('edits and histories on SQLite', () => {
  it('read and write by key, never scanning nor sorting', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const api = t.caller(me.token);
    const post = await api.posts.create({ content: 'one' });
    const card = await api.comments.add({ postId: post.id, text: 'one' });
    const ref = { postId: post.id, commentId: card.latestComments[0]!.id };
    const statements = await statementsPreparedBy(t.db, async () => {
      await api.posts.edit({ postId: post.id, content: 'two' });
      await api.comments.edit({ ...ref, text: 'two' });
      await api.posts.history({ postId: post.id });
      await api.comments.history(ref);
    });
    const ours = statements.filter((sql) => /_versions|edited_at/.test(sql));
    expect(ours.length).toBeGreaterThanOrEqual(8);
    for (const sql of ours) {
      const plan = sqlitePlan(t.db, sql);
      expect({ sql, bad: plan.filter((step) => scans.test(step) || step.includes('TEMP B-TREE')) }).toEqual({
        sql,
        bad: [],
      });
    }
  });
});
