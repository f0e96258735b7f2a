import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateScale } from '../../seed/scale.js';
import { commentsPage } from '../../src/server/domain/comment-views.js';
import { tagPage } from '../../src/server/domain/post-cards.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { postgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { closeDatabase, openDatabase, type Db } from '../../src/server/store/sqlite/client.js';
import { nodesOf, plansOf, statementsOf, type PlanNode, type Ran } from '../helpers/postgres-plans.js';
import { freshDatabase } from '../helpers/postgres.js';
import { addSomeRelations } from '../helpers/relation-rows.js';

// On PostgreSQL (the SQLite twin: tests/server/conversation-plans.test.ts): the post page's comments
// and a tag's feed each read one index range in their order, with their values and in the generic plan a
// named statement may switch to; a card's mentions are looked up by primary key.

let source: Db;
let store: PostgresStore;
let busiest: string;

beforeAll(async () => {
  source = openDatabase(':memory:');
  await generateScale(source, { users: 200, posts: 5000, seed: 16 });
  const all = (sql: string) => source.$client.prepare(sql).pluck().all() as string[];
  busiest = all('select id from posts order by comment_count desc limit 1')[0]!;
  // Every post tagged #common, one in ten #rare, one in five mentioning two members, votes on the busiest
  // post's comments; texts carry an `@` so that cards look mentions up.
  source.$client.exec(`
    update posts set content = content || ' @someone';
    update comments set text = text || ' @someone';
    insert into post_tags (tag, post_id, created_at) select 'common', id, created_at from posts;
    insert into post_tags (tag, post_id, created_at)
      select 'rare', id, created_at from posts where rowid % 10 = 0;
    insert into post_mentions (post_id, user_id)
      select p.id, u.id from posts p join users u on u.rowid in (p.rowid % 100 + 1, p.rowid % 100 + 101)
      where p.rowid % 5 = 0;
    insert into comment_mentions (comment_id, user_id)
      select c.id, u.id from comments c join users u on u.rowid = c.rowid % 200 + 1 where c.rowid % 5 = 0;
    insert into comment_votes (comment_id, user_id, kind, created_at)
      select c.id, u.id, iif(u.rowid % 3 = 0, 'down', 'up'), 1 from comments c join users u on u.rowid <= 30
      where c.post_id = '${busiest}';`);
  const pool = new pg.Pool({ connectionString: await freshDatabase(inject('postgresAdminUrl')), max: 4 });
  await copyFromSqlite(source.$client, pool);
  // Blocks and mutes, whose members every read leaves out.
  const reader = all('select id from users order by id limit 1');
  await addSomeRelations((text, values) => pool.query(text, values), reader);
  await pool.query('analyze');
  store = postgresStore(pool);
});
afterAll(async () => {
  closeDatabase(source);
  await store?.close();
});

const bigTables = [
  'posts',
  'comments',
  'comment_votes',
  'post_tags',
  'post_mentions',
  'comment_mentions',
  'users',
  'blocks',
  'mutes',
];
/** What would read a whole big table, or sort what an index should give in order. */
const trouble = (plan: PlanNode[]) =>
  plan
    .filter(
      (node) =>
        (node['Node Type'] === 'Seq Scan' && bigTables.includes(node['Relation Name']!)) ||
        node['Node Type'] === 'Sort',
    )
    .map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''}`);
const indexesOf = (plan: PlanNode[]) => plan.map((node) => node['Index Name']).filter(Boolean);

describe('post pages and tag feeds are served by their indexes (PostgreSQL)', () => {
  let statements: Ran[];
  let client: pg.PoolClient;
  beforeAll(async () => {
    const viewer = (await store.pool.query<{ id: string }>('select id from users order by id limit 1'))
      .rows[0]!.id;
    statements = await statementsOf(store.pool, async () => {
      const page = await commentsPage(store, viewer, busiest);
      expect(page.items).toHaveLength(20);
      expect(page.items.some((comment) => comment.score !== 0)).toBe(true);
      await commentsPage(store, null, busiest, page.nextCursor);
      const tagged = await tagPage(store, viewer, 'rare');
      expect(tagged.items.some((card) => card.mentions.length === 2)).toBe(true);
      await tagPage(store, null, 'common', tagged.nextCursor);
    });
    client = await store.pool.connect();
  });
  afterAll(() => client?.release());

  it('the post page: one range of comments_post_created_idx in order, votes by the comment', async () => {
    const thread = statements.filter((ran) => ran.text.includes('comment_votes'));
    expect(thread).toHaveLength(2);
    for (const ran of thread) {
      for (const plan of (await plansOf(client, ran)).map(nodesOf)) {
        expect(
          trouble(plan),
          JSON.stringify(plan.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']])),
        ).toEqual([]);
        expect(indexesOf(plan)).toContain('comments_post_created_idx');
      }
    }
  });

  it('a tag feed: one range of post_tags_tag_created_idx in order; cards read mentions by primary key', async () => {
    const feeds = statements.filter((ran) => ran.text.includes('post_tags'));
    expect(feeds).toHaveLength(2);
    for (const ran of feeds) {
      for (const plan of (await plansOf(client, ran)).map(nodesOf)) {
        expect(trouble(plan)).toEqual([]);
        expect(indexesOf(plan)).toContain('post_tags_tag_created_idx');
      }
    }
    const cards = statements.filter((ran) => ran.text.includes('post_mentions'));
    expect(cards).toHaveLength(2);
    for (const plan of (await plansOf(client, cards[0]!)).map(nodesOf)) {
      expect(indexesOf(plan)).toContain('post_mentions_post_id_user_id_pk');
    }
  });

  it('fails a tag feed without its index (the check itself works)', async () => {
    const feed = statements.find((ran) => ran.text.includes('post_tags'))!;
    await client.query('begin');
    try {
      await client.query('drop index post_tags_tag_created_idx');
      const custom = nodesOf((await plansOf(client, feed))[0]);
      expect(indexesOf(custom)).not.toContain('post_tags_tag_created_idx');
      expect(trouble(custom).length).toBeGreaterThan(0);
    } finally {
      await client.query('rollback');
    }
  });
});
