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
  tagPage,
  userPostsPage,
} from '../../src/server/domain/post-cards.js';
import { closeDatabase, openDatabase, type Db } from '../../src/server/store/sqlite/client.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { postgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
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
    for (const plan of await plansOf(client, ran))
      found.push(...seqScans(plan).map((scan) => `${scan}: ${ran.text}`));
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

  it('the Latest home feed with boosts reads both kinds of stream by index, and fails without one', async () => {
    const latest = statements.filter((ran) => ran.text.includes('boosters as'));
    expect(latest).toHaveLength(2);
    // Each read of boosts seeks by its index's leading column (a bitmap heap scan rechecks its index's
    // condition). A condition on another column only filters a walk of the whole index.
    const leading: Record<string, string> = {
      boosts_user_created_idx: 'user_id',
      boosts_post_created_idx: 'post_id',
      boosts_post_id_user_id_pk: 'post_id',
    };
    const boostReads = async () => {
      const reads: string[] = [];
      for (const ran of latest) {
        for (const plan of await plansOf(client, ran)) {
          for (const node of nodesOf(plan).filter((n) => n['Relation Name'] === 'boosts')) {
            const { 'Index Cond': index, 'Recheck Cond': recheck } = node as PlanNode & {
              'Index Cond'?: string;
              'Recheck Cond'?: string;
            };
            const name = node['Index Name'] ?? nodesOf(node).find((n) => n['Index Name'])?.['Index Name'];
            const seeks = name && (index ?? recheck)?.includes(`${leading[name]} = `);
            reads.push(seeks ? name : `${node['Node Type']} ${name ?? ''}: ${index ?? recheck ?? ''}`);
          }
        }
      }
      return reads;
    };
    const reads = await boostReads();
    expect(
      reads.filter((read) => read.includes(' ')),
      reads.join('\n'),
    ).toEqual([]);
    expect(reads).toEqual(expect.arrayContaining(['boosts_user_created_idx', 'boosts_post_created_idx']));
    await client.query('begin');
    try {
      await client.query('drop index boosts_user_created_idx');
      const without = await boostReads();
      expect(without.filter((read) => read.includes(' ')).length, without.join('\n')).toBeGreaterThan(0);
    } finally {
      await client.query('rollback');
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
