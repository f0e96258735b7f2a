import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateScale } from '../../seed/scale.js';
import { commentsPage } from '../../src/server/domain/comment-views.js';
import { profileByUsername, whoToFollow } from '../../src/server/domain/people.js';
import {
  bookmarksPage,
  explorePage,
  homeFeedPage,
  postCard,
  quotesPage,
  tagPage,
  userPostsPage,
} from '../../src/server/domain/post-cards.js';
import { searchPosts } from '../../src/server/domain/search.js';
import { closeDatabase, openDatabase, type Db } from '../../src/server/store/sqlite/client.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { postgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { searchPeople } from '../../src/server/domain/search-people.js';
import { searchTags } from '../../src/server/domain/search-tags.js';
import { nodesOf, plansOf, statementsOf, type PlanNode, type Ran } from '../helpers/postgres-plans.js';
import { freshDatabase } from '../helpers/postgres.js';
import { addSomeRelations } from '../helpers/relation-rows.js';

// The PostgreSQL twin of tests/server/query-plans.test.ts: every statement a page runs reads the big
// tables by index, on an instance large enough that the planner weighs its choices (after ANALYZE).

let source: Db;
let store: PostgresStore;
/** The member who follows the most, a post with many comments, and the most-followed member. */
let busiest: { id: string; username: string };
let commented: string;
let popular: string;
/** A post many posts quote. */
let quoted: string;

beforeAll(async () => {
  source = openDatabase(':memory:');
  await generateScale(source, { users: 300, posts: 5000, seed: 3 });
  const one = (sql: string) => source.$client.prepare(sql).get();
  busiest = one(`select u.id, u.username from users u join follows f on f.follower_id = u.id
    group by u.id order by count(*) desc limit 1`) as typeof busiest;
  commented = (one('select id from posts order by comment_count desc limit 1') as { id: string }).id;
  const top = one('select id, username from users order by follower_count desc limit 1') as {
    id: string;
    username: string;
  };
  popular = top.username;
  // One post in ten quotes the oldest post, one in seven the post before it
  // (docs/decisions/0010-quotes-and-answer-policies.md).
  source.$client.exec(`update posts set is_quote = 1,
    quote_of_id = (select q.id from posts q order by q.created_at, q.id limit 1) where created_at % 10 = 0`);
  source.$client.exec(`update posts set is_quote = 1, quote_of_id = (select q.id from posts q
    where q.created_at < posts.created_at order by q.created_at desc limit 1) where created_at % 7 = 0`);
  quoted = (
    one(`select quote_of_id as id from posts where quote_of_id is not null
      group by quote_of_id order by count(*) desc limit 1`) as { id: string }
  ).id;
  const popularId = top.id;
  const pool = new pg.Pool({ connectionString: await freshDatabase(inject('postgresAdminUrl')), max: 4 });
  await copyFromSqlite(source.$client, pool);
  // Blocks and mutes (not of the two members read as), a suspended and a limited member, so that
  // the planner weighs how to read whom a viewer does not see.
  await addSomeRelations((text, values) => pool.query(text, values), [busiest.id, popularId]);
  await pool.query(
    `update users set status = 'suspended' where id = (select id from users where id <> all ($1) order by id limit 1)`,
    [[busiest.id, popularId]],
  );
  await pool.query(
    `update users set limited_at = 1 where id = (select id from users where id <> all ($1) order by id desc limit 1)`,
    [[busiest.id, popularId]],
  );
  // Tags on every post (the generator writes none), so tag lookup has a range worth planning.
  await pool.query(`insert into post_tags (tag, post_id, created_at)
    select 'topic' || (abs(hashtext(id)) % 300), id, created_at from posts`);
  // As autovacuum would after a copy: the GIN index's pending entries (posts.search) moved into the index
  // proper, which the planner weighs.
  await pool.query(`select gin_clean_pending_list('posts_search_idx')`);
  await pool.query('analyze');
  store = postgresStore(pool);
});
afterAll(async () => {
  closeDatabase(source);
  await store?.close();
});

/** Every page the client reads, first pages and pages below a cursor, as the member who follows the most. */
const readEveryPage = () =>
  statementsOf(store.pool, async () => {
    for (const mode of ['latest', 'trending'] as const) {
      const first = await homeFeedPage(store, busiest.id, { mode });
      await homeFeedPage(store, busiest.id, { mode, cursor: first.nextCursor });
    }
    const explore = await explorePage(store, busiest.id);
    await explorePage(store, null, explore.nextCursor);
    const own = await userPostsPage(store, busiest.id, popular);
    await userPostsPage(store, null, popular, own.nextCursor);
    await postCard(store, null, explore.items[0]!.id);
    await postCard(store, busiest.id, explore.items[0]!.id);
    await bookmarksPage(store, busiest.id);
    await tagPage(store, busiest.id, 'nothing');
    await profileByUsername(store, busiest.id, popular);
    await whoToFollow(store, busiest.id);
    const comments = await commentsPage(store, busiest.id, commented);
    await commentsPage(store, busiest.id, commented, comments.nextCursor);
    const quotes = await quotesPage(store, busiest.id, quoted);
    await quotesPage(store, null, quoted, quotes.nextCursor);
    // A wide prefix (every generated username starts with m), then one member's whole username.
    const people = await searchPeople(store, busiest.id, { q: 'm' });
    await searchPeople(store, busiest.id, { q: 'm', cursor: people.nextCursor });
    await searchPeople(store, busiest.id, { q: popular });
    await searchTags(store, { q: 'topic123', limit: 8 });
    // Search (docs/search.md): words, a page below a cursor, a phrase with a tag, from:, #tag and both.
    const search = await searchPosts(store, busiest.id, { q: 'coffee river' });
    await searchPosts(store, null, { q: 'coffee river', cursor: search.nextCursor });
    await searchPosts(store, busiest.id, { q: '"morning coffee" #nothing' });
    await searchPosts(store, busiest.id, { q: `from:${popular}` });
    await searchPosts(store, busiest.id, { q: '#nothing' });
    await searchPosts(store, busiest.id, { q: `#nothing from:${popular}` });
  });

const bigTables = new Set([
  'posts',
  'comments',
  'post_reactions',
  'bookmarks',
  'boosts',
  'follows',
  // Whom a viewer does not see, and explore's limited members.
  'users',
  'blocks',
  'mutes',
  'post_tags',
]);

/** The sequential scans of big tables in a plan. */
function seqScans(node: PlanNode): string[] {
  const here = node['Node Type'] === 'Seq Scan' && bigTables.has(node['Relation Name']!);
  return [...(here ? [`Seq Scan on ${node['Relation Name']}`] : []), ...(node.Plans ?? []).flatMap(seqScans)];
}

/** The sequential scans of big tables in the plans of `statements`, each with the statement's text. */
async function scansOf(client: pg.PoolClient, statements: Ran[]) {
  const found: string[] = [];
  for (const ran of statements) {
    // An unnamed statement (search's) is planned with its values every time: its generic plan never runs.
    const [custom, generic] = await plansOf(client, ran);
    for (const plan of ran.name ? [custom, generic] : [custom]) {
      // Search joins its 200 candidates' authors for explore's limited members: with this instance's 300
      // members the planner hashes them all; with 10,000 it memoizes an index scan by author (16 ms for
      // three common words on 1,000,000 posts, docs/performance.md, "Search").
      const scans = seqScans(plan).filter(
        (scan) => !(ran.name === undefined && scan === 'Seq Scan on users'),
      );
      found.push(...scans.map((scan) => `${scan}: ${ran.text}`));
    }
  }
  return found;
}

describe('every query a page runs on PostgreSQL is served by an index', () => {
  let statements: Ran[];
  let client: pg.PoolClient;
  beforeAll(async () => {
    statements = await readEveryPage();
    client = await store.pool.connect();
  });
  afterAll(() => client.release());

  it('feeds, cards, comments, profile and who to follow, with and without their values', async () => {
    expect(new Set(statements.map((ran) => ran.text)).size).toBeGreaterThanOrEqual(9);
    expect(await scansOf(client, statements)).toEqual([]);
    // The second plan is the generic one: it compares with the parameters, not with their values.
    const [, generic] = await plansOf(
      client,
      statements.find((ran) => ran.values.length > 0)!,
    );
    expect(JSON.stringify(generic)).toMatch(/\$\d/);
  });

  it("reads a post's quotes by posts_quote_of_created_idx, in its order", async () => {
    const quotes = statements.filter((ran) => ran.text.includes('p.quote_of_id = $2'));
    expect(quotes.length).toBeGreaterThan(0);
    for (const ran of quotes) {
      const plans = JSON.stringify(await plansOf(client, ran));
      expect(plans).toContain('posts_quote_of_created_idx');
      expect(plans).not.toContain('"Node Type":"Sort"');
    }
  });

  it('people and tag lookup read ranges of their own indexes when the prefix is narrow', async () => {
    // A wide prefix may walk users_follower_count_idx instead, in order, until a page has passed: the
    // planner weighs that for the values of each run (the statement is unnamed), without a full scan.
    const lookup = (ran: Ran) => /search_username|from post_tags where tag >=/.test(ran.text);
    const narrow = (ran: Ran) => ran.values.includes(popular) || ran.values.includes('topic123');
    const lookups = statements.filter((ran) => lookup(ran) && narrow(ran));
    expect(lookups.length).toBe(2);
    for (const ran of lookups) {
      const [custom] = await plansOf(client, ran);
      const indexes = nodesOf(custom).map((node) => node['Index Name']);
      if (ran.text.includes('post_tags')) expect(indexes).toContain('post_tags_tag_created_idx');
      else
        expect(indexes).toEqual(
          expect.arrayContaining([
            'users_search_username_idx',
            'users_search_name_idx',
            'users_search_last_idx',
          ]),
        );
    }
  });

  it('search finds a rare word through the GIN index of posts.search', async () => {
    const ran = await statementsOf(store.pool, () => searchPosts(store, busiest.id, { q: 'zeppelin' }));
    const search = ran.find((r) => r.text.includes('@@'))!;
    const [custom] = await plansOf(client, search);
    const indexes = (node: PlanNode): string[] => [
      ...(node['Index Name'] ? [node['Index Name']] : []),
      ...(node.Plans ?? []).flatMap(indexes),
    ];
    expect(indexes(custom)).toContain('posts_search_idx');
  });

  it("the Latest home feed reads each stream by feed_items' key and asks boosts of a page's items by post", async () => {
    const latest = statements.filter((ran) => ran.text.includes('from feed_items'));
    expect(latest).toHaveLength(2);
    for (const ran of latest) {
      const nodes = (await plansOf(client, ran)).flatMap(nodesOf);
      // The index each read of a table uses (a bitmap heap scan names it on its bitmap index scan, the
      // child that is its outer plan; its other children are the filter's subplans).
      const reads = (table: string) =>
        nodes
          .filter((node) => node['Relation Name'] === table)
          .map(
            (node) =>
              node['Index Name'] ??
              node.Plans?.find((n) => n['Parent Relationship'] === 'Outer')?.['Index Name'] ??
              node['Node Type'],
          );
      expect(reads('feed_items').length).toBeGreaterThan(0);
      for (const index of reads('feed_items')) expect(index).toBe('feed_items_pk');
      expect(reads('boosts').length).toBeGreaterThan(0);
      for (const index of reads('boosts'))
        expect(['boosts_post_created_idx', 'boosts_post_id_user_id_pk']).toContain(index);
    }
  });

  it('fails a query whose index is missing (the check itself works)', async () => {
    await client.query('begin');
    try {
      await client.query('drop index posts_created_idx');
      expect((await scansOf(client, statements)).join('\n')).toContain('Seq Scan on posts');
    } finally {
      await client.query('rollback');
    }
  });
});
