import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountsOf } from '../../src/server/domain/people.js';
import { sqlitePlan, statementsPreparedBy } from '../helpers/sqlite-plans.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// The Mastodon client API's own reads (a page's accounts, who liked or boosted, a comment's post), each served
// by an index on SQLite: no statement scans a table or sorts (tests/pg/query-plans.test.ts checks PostgreSQL's).

let t: TestApp;
beforeEach(async () => (t = await makeTestApp()));
afterEach(() => t.close());

// Who liked a post reads post_reactions_post_kind_created_idx, which has no member id: likes of one same
// millisecond are ordered by a small sort of their own ("LAST TERM"), never the post's likes in all.
const scans = (plan: string[]) =>
  plan.filter((step) => /^SCAN (?!json_each)/.test(step) || /TEMP B-TREE(?! FOR LAST TERM)/.test(step));

describe.runIf(testEngine === 'sqlite')('Mastodon reads on SQLite', () => {
  it('read indexes only', async () => {
    const member = await t.member();
    const statements = await statementsPreparedBy(t.db, async () => {
      await accountsOf(t.store, [member.id], ['someone']);
      await t.store.read.interactions.comment('x');
      await t.store.read.interactions.boosterAt(member.id, 'p', 1);
      await t.store.read.interactions.boostTime('p', member.id);
      await t.store.read.interactions.likers(member.id, 'p', [1, 'x'], 5);
      await t.store.read.interactions.boosters(null, 'p', null, 5);
    });
    expect(statements).toHaveLength(6);
    for (const sql of statements) expect(scans(sqlitePlan(t.db, sql)), sql).toEqual([]);
  });
});

describe.runIf(testEngine === 'sqlite')('favourites on SQLite', () => {
  it('read a member’s likes newest first from post_reactions_user_kind_created_idx, with no sort', async () => {
    const member = await t.member();
    const statements = await statementsPreparedBy(t.db, async () => {
      await t.store.read.feeds.likes(member.id, null);
      await t.store.read.feeds.likes(member.id, [1, 'x']);
    });
    expect(statements).toHaveLength(1);
    const plan = sqlitePlan(t.db, statements[0]!);
    expect(scans(plan), plan.join('\n')).toEqual([]);
    expect(plan.join('\n')).toMatch(
      /SEARCH \w+ USING (COVERING )?INDEX post_reactions_user_kind_created_idx/,
    );
  });
});

describe('a member’s post count (member_post_counts)', () => {
  it('keeps each member’s post count with their posts, a delete and an account’s deletion', async () => {
    const [a, b] = [await t.member(), await t.member()];
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await t.caller(a.token).posts.create({ content: `p${i}` }));
    await t.caller(b.token).posts.create({ content: 'b' });
    await t.caller(a.token).posts.delete({ postId: created[0]!.id });
    const counts = async () =>
      Object.fromEntries((await accountsOf(t.store, [a.id, b.id])).map((row) => [row.id, row.postCount]));
    expect(await counts()).toEqual({ [a.id]: 2, [b.id]: 1 });
    await t.store.write((tx) => tx.members.delete(a.id));
    expect(await counts()).toEqual({ [b.id]: 1 });
    expect(await t.sql('select member_id from member_post_counts')).toEqual([{ member_id: b.id }]);
  });
});
