import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlitePlan, statementsPreparedBy } from '../helpers/sqlite-plans.js';
import { generateScale } from '../../seed/scale.js';
import { addSomeRelations } from '../helpers/relation-rows.js';
import { insertRows } from '../helpers/rows.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// On SQLite (the PostgreSQL twin: tests/pg/conversation-plans.test.ts): the post page's comments and
// a tag's feed each read one index range in their order, so a post with 10,000 comments or a tag on
// thousands of posts costs a page what a small one does; a card's mentions are looked up by primary key.

let t: TestApp;
let busiest: string;
beforeAll(async () => {
  t = await makeTestApp();
  await generateScale(t.db, { users: 100, posts: 2000, seed: 16 });
  const all = (sql: string) => t.db.$client.prepare(sql).pluck().all() as string[];
  busiest = all('select id from posts order by comment_count desc limit 1')[0]!;
  const users = all('select id from users');
  const posts = all('select id from posts');
  // Every post tagged #common, one in ten #rare; one in five mentions two members; votes on the busiest
  // post's comments. Texts carry an `@` so that cards look mentions up.
  t.db.$client.exec(`update posts set content = content || ' @someone'`);
  t.db.$client.exec(`update comments set text = text || ' @someone'`);
  const tagRows = posts.flatMap((id, i) =>
    (i % 10 ? ['common'] : ['common', 'rare']).map((tag) => ({ tag, id })),
  );
  await insertRows(
    t,
    'post_tags',
    tagRows.map(({ tag, id }) => ({ tag, post_id: id, created_at: 0 })),
  );
  t.db.$client.exec('update post_tags set created_at = (select created_at from posts where id = post_id)');
  const mentions = posts
    .filter((_, i) => i % 5 === 0)
    .flatMap((id, i) => [users[i % 50]!, users[50 + (i % 50)]!].map((user) => ({ id, user })));
  await insertRows(
    t,
    'post_mentions',
    mentions.map(({ id, user }) => ({ post_id: id, user_id: user })),
  );
  const comments = all(`select id from comments where post_id = '${busiest}'`);
  const votes = comments.flatMap((comment) =>
    users
      .slice(0, 30)
      .map((user, i) => ({ comment_id: comment, user_id: user, kind: i % 3 ? 'up' : 'down', created_at: 1 })),
  );
  await insertRows(t, 'comment_votes', votes);
  // Blocks and mutes, whose members every read leaves out.
  await addSomeRelations(t.sql);
  t.db.$client.exec('analyze');
});
afterAll(() => t?.close());

const planOf = (sql: string) => sqlitePlan(t.db, sql);

const scans = (plan: string[]) =>
  plan.filter((step) =>
    /^SCAN (users|posts|comments|comment_votes|post_tags|post_mentions|comment_mentions|blocks|mutes)\b/.test(
      step,
    ),
  );
const sorts = (plan: string[]) =>
  plan.filter((step) => /^USE TEMP B-TREE FOR (LAST TERM OF )?ORDER BY/.test(step));

describe('post pages and tag feeds are served by their indexes (SQLite)', () => {
  let statements: string[];
  beforeAll(async () => {
    const me = await t.member();
    const caller = t.caller(me.token);
    statements = await statementsPreparedBy(t.db, async () => {
      const page = await caller.comments.list({ postId: busiest });
      expect(page.items).toHaveLength(20);
      await caller.comments.list({ postId: busiest, cursor: page.nextCursor });
      const tagged = await caller.posts.byTag({ tag: 'rare' });
      expect(tagged.items).toHaveLength(20);
      expect(tagged.items.some((card) => card.mentions.length === 2)).toBe(true);
      await caller.posts.byTag({ tag: 'common', cursor: tagged.nextCursor });
    });
  });

  it('the post page: one range of comments_post_created_idx in order, votes by the comment', () => {
    const thread = statements.filter((sql) => sql.includes('comment_votes'));
    expect(thread).toHaveLength(1);
    const plan = planOf(thread[0]!);
    expect(plan.join('\n')).toMatch(
      /SEARCH c USING (COVERING )?INDEX comments_post_created_idx \(post_id=\? AND/,
    );
    expect(plan.join('\n')).toMatch(
      /SEARCH mv USING (COVERING )?INDEX sqlite_autoindex_comment_votes_1 \(comment_id=\? AND user_id=\?\)/,
    );
    expect(plan.join('\n')).toMatch(
      /SEARCH m USING (COVERING )?INDEX sqlite_autoindex_comment_mentions_1 \(comment_id=\?\)/,
    );
    expect([...scans(plan), ...sorts(plan)], plan.join('\n')).toEqual([]);
  });

  it('a tag feed: one range of post_tags_tag_created_idx in order; cards read mentions by primary key', () => {
    const feed = statements.filter((sql) => sql.includes('post_tags'));
    expect(feed).toHaveLength(1);
    const plan = planOf(feed[0]!);
    expect(plan.join('\n')).toMatch(
      /SEARCH post_tags USING COVERING INDEX post_tags_tag_created_idx \(tag=\? AND/,
    );
    expect([...scans(plan), ...sorts(plan)], plan.join('\n')).toEqual([]);

    // The cards, with their latest comments and without (a Mastodon status's), prepared together.
    const cards = statements.filter((sql) => sql.includes('post_mentions'));
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const cardPlan = planOf(card);
      expect(cardPlan.join('\n')).toMatch(
        /SEARCH m USING (COVERING )?INDEX sqlite_autoindex_post_mentions_1 \(post_id=\?\)/,
      );
      expect(scans(cardPlan), cardPlan.join('\n')).toEqual([]);
    }
  });

  it('fails a tag feed without its index (the check itself works)', () => {
    const feed = statements.find((sql) => sql.includes('post_tags'))!;
    t.db.$client.exec('drop index post_tags_tag_created_idx');
    try {
      expect(sorts(planOf(feed)).length + scans(planOf(feed)).length).toBeGreaterThan(0);
    } finally {
      t.db.$client.exec('create index post_tags_tag_created_idx on post_tags (tag, created_at, post_id)');
    }
  });
});
