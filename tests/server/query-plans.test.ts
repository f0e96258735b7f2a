import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateScale } from '../../seed/scale.js';
import { get } from '../helpers/http.js';
import { addSomeRelations } from '../helpers/relation-rows.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(() => t?.close());

/** Runs `pages` and returns every distinct SQL statement they prepared. */
async function statementsOf(pages: () => Promise<unknown>): Promise<string[]> {
  const client = t.db.$client;
  const prepare = client.prepare.bind(client);
  const seen = new Set<string>();
  const spy = (sql: string) => {
    seen.add(sql);
    return prepare(sql);
  };
  (client as { prepare: unknown }).prepare = spy;
  try {
    await pages();
  } finally {
    (client as { prepare: unknown }).prepare = prepare;
  }
  return [...seen];
}

function planOf(sql: string): string[] {
  const params = (sql.match(/\?/g) ?? []).map(() => 'x');
  const named = Object.fromEntries((sql.match(/(?<=:)[a-z]\w*/gi) ?? []).map((name) => [name, 'x']));
  const statement = t.db.$client.prepare(`explain query plan ${sql}`);
  const rows = (params.length > 0 ? statement.all(...params) : statement.all(named)) as { detail: string }[];
  return rows.map((row) => row.detail);
}

// A SCAN of a real table is only fine when it walks an index in the order the query wants (explore, who to
// follow) and stops at the page's LIMIT. A bare `SCAN posts` reads the whole table; so does an index walk in
// a plan that still sorts in a temp B-tree, because then the index does not give the order.
const tableScan =
  /^SCAN (users|posts|comments|post_reactions|comment_votes|bookmarks|boosts|follows|blocks|mutes|media)\b/;
const bareScan = /^SCAN \w+$/;

/** The steps of `plan` that read a whole table. */
function fullScans(plan: string[]): string[] {
  const sorts = plan.some((step) => step.startsWith('USE TEMP B-TREE FOR ORDER BY'));
  return plan.filter((step) => tableScan.test(step) && (bareScan.test(step) || sorts));
}

/**
 * The steps of a plan over aliased tables (`fullScans` knows tables by name) that read a whole table: a scan,
 * or an automatic index, which SQLite builds by reading the table when no index serves a lookup.
 */
const unindexed = (plan: string[]) =>
  plan.filter((step) => /^SCAN (t|c|x)\b/.test(step) || /^SEARCH (t|c|x) USING AUTOMATIC/.test(step));

/**
 * The steps of `plan` that sort what an index should have given in order. A legacy list reads every nested
 * list newest first and stops at 100; sorting instead would read all of a post's likes first. (Sorting those
 * 100 back to oldest first, "FOR json_group_array(ORDER BY)", is fine.)
 */
const sorts = (plan: string[]) =>
  plan.filter((step) => /^USE TEMP B-TREE FOR (LAST TERM OF )?ORDER BY/.test(step));

/** Every legacy REST list, with a ?before= page of each, and the objects with nested lists. */
async function readLegacyLists() {
  const post = t.db.$client
    .prepare('select id, author_id as authorId from posts order by comment_count desc limit 1')
    .get() as { id: string; authorId: string };
  const author = t.db.$client.prepare('select username from users where id = ?').pluck().get(post.authorId);
  const comment = t.db.$client.prepare('select id from comments where post_id = ?').pluck().get(post.id);
  const me = await t.member();
  await t.caller(me.token).bookmarks.add({ postId: post.id });
  return statementsOf(async () => {
    for (const url of [
      '/api/posts',
      `/api/posts?before=${post.id}`,
      `/api/posts/user/${author}`,
      `/api/posts/user/${author}?before=${post.id}`,
      `/api/posts/${post.id}`,
      `/api/comments/${post.id}`,
      `/api/comments/${post.id}?before=${comment}`,
      '/api/users',
      `/api/users?before=${me.id}`,
      `/api/users/${me.username}`,
      '/api/users/bookmark',
      `/api/users/bookmark?before=${post.id}`,
    ])
      expect((await get(t.app, url, me.token)).status, url).toBe(200);
  });
}

/** Every page the client reads, as the given member. */
function readEveryPage(token: string, username: string) {
  const caller = t.caller(token);
  return statementsOf(async () => {
    // A feed's first page and the pages below a cursor are different statements (post-cards.ts).
    const latest = await caller.posts.feed({ mode: 'latest' });
    await caller.posts.feed({ mode: 'latest', cursor: latest.nextCursor });
    const trending = await caller.posts.feed({ mode: 'trending' });
    await caller.posts.feed({ mode: 'trending', cursor: trending.nextCursor });
    const explore = await caller.posts.explore({});
    await caller.posts.explore({ cursor: explore.nextCursor });
    await caller.posts.byUser({ username });
    await caller.posts.byId({ postId: explore.items[0]!.id });
    await caller.posts.byTag({ tag: 'nothing' });
    await caller.bookmarks.list({});
    await caller.users.byUsername({ username });
    await caller.users.me();
    await caller.users.whoToFollow();
    await caller.comments.list({ postId: explore.items[0]!.id });
    await caller.posts.quotes({ postId: explore.items[0]!.id });
    // People and tag lookup: a first page and a page below a cursor, and the composer's few.
    const people = await caller.search.people({ q: 'a', limit: 2 });
    await caller.search.people({ q: 'a', limit: 2, cursor: people.nextCursor });
    await caller.search.tags({ q: 't', limit: 8 });
    // Search (docs/search.md): words, a phrase, a page below a cursor, from:, #tag and both.
    const search = await caller.search.posts({ q: 'coffee river' });
    await caller.search.posts({ q: 'coffee river', cursor: search.nextCursor });
    await caller.search.posts({ q: '"morning coffee" #nothing' });
    await caller.search.posts({ q: `from:${username}` });
    await caller.search.posts({ q: '#nothing' });
    await caller.search.posts({ q: `#nothing from:${username}` });
  });
}

function expectNoFullScans(statements: string[]) {
  expect(statements.length).toBeGreaterThan(10);
  for (const sql of statements) {
    const plan = planOf(sql);
    expect(fullScans(plan), `${sql}\n${plan.join('\n')}`).toEqual([]);
  }
}

describe('every query a page runs is served by an index', () => {
  it('on a generated instance: a member who follows many, and the most-followed member', async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 300, posts: 5000 });
    const busiest = t.db.$client
      .prepare(
        'select u.id, u.username from users u join follows f on f.follower_id = u.id group by u.id order by count(*) desc limit 1',
      )
      .get() as { id: string; username: string };
    const token = await t.keys.sign({ _id: busiest.id, username: busiest.username });
    const popular = t.db.$client
      .prepare('select id, username from users order by follower_count desc limit 1')
      .get() as { id: string; username: string };
    // Blocks and mutes (not of these two), a suspended and a limited member, whom the reads leave out.
    await addSomeRelations(t.sql, [busiest.id, popular.id]);
    await t.sql(
      `update users set status = 'suspended' where id = (select id from users where id not in ($1, $2) order by id limit 1)`,
      [busiest.id, popular.id],
    );
    await t.sql(
      `update users set limited_at = 1 where id = (select id from users where id not in ($1, $2) order by id desc limit 1)`,
      [busiest.id, popular.id],
    );
    t.db.$client.exec('analyze');
    expectNoFullScans(await readEveryPage(token, popular.username));
  });

  it('search finds its candidates in the FTS5 index, newest first, and each post by its rowid', async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 50, posts: 2000 });
    const me = await t.member();
    const statements = await statementsOf(() => t.caller(me.token).search.posts({ q: 'coffee' }));
    const search = statements.find((sql) => sql.includes('posts_fts match'));
    const plan = planOf(search!);
    expect(
      plan.some((step) => /^SCAN posts_fts VIRTUAL TABLE INDEX \d+:M/.test(step)),
      plan.join('\n'),
    ).toBe(true);
    expect(plan).toContain('SEARCH p USING INTEGER PRIMARY KEY (rowid=?)');
    // FTS5 gives the rowid order itself: no sort, so the walk stops at the candidates' bound.
    expect(sorts(plan)).toEqual([]);
    expect((await t.caller(me.token).search.posts({ q: 'coffee' })).items).toHaveLength(20);
  });

  it('on the seed: the feeds, profile, bookmarks, comments and who to follow', async () => {
    // Seeded through another connection: the seed's writes prepare statements that pages use too, and a
    // statement prepared before the spy went in would go unchecked.
    const file = join(mkdtempSync(join(tmpdir(), 'realm-plans-')), 'realm.db');
    await (await makeTestApp({ seed: true, file })).close();
    t = await makeTestApp({ file });
    const me = await t.member();
    expectNoFullScans(await readEveryPage(me.token, 'janecooper'));
  });

  it('the legacy REST lists read their pages, ?before= pages and nested lists by index', async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 100, posts: 1000 });
    const statements = await readLegacyLists();
    expect(statements.length).toBeGreaterThanOrEqual(10);
    const plans = statements.map(planOf);
    statements.forEach((sql, i) => {
      expect(fullScans(plans[i]!), sql).toEqual([]);
      expect(sorts(plans[i]!), `${sql}\n${plans[i]!.join('\n')}`).toEqual([]);
    });
    // Each newest-first read of a nested list has its index (store/sqlite/schema.ts).
    for (const index of [
      'users_created_idx',
      'post_reactions_post_kind_created_idx',
      'comment_votes_comment_kind_created_idx',
      'follows_followee_created_idx',
      'follows_follower_created_idx',
      'bookmarks_user_created_idx',
      'comments_post_created_idx',
      'posts_author_created_idx',
    ]) {
      expect(plans.flat().join('\n')).toContain(index);
    }
  });

  it('fails a legacy read whose nested list has no index (the check itself works)', async () => {
    t = await makeTestApp({ seed: true });
    t.db.$client.exec('drop index post_reactions_post_kind_created_idx');
    const statements = await readLegacyLists();
    expect(statements.some((sql) => sorts(planOf(sql)).length > 0)).toBe(true);
  });

  it("reads a post's quotes newest first from posts_quote_of_created_idx, and cards' quoted posts by key", async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    const statements = await readEveryPage(me.token, 'janecooper');
    const quotes = statements.find((sql) => sql.includes('p.quote_of_id = :postId'))!;
    expect(planOf(quotes).join('\n')).toMatch(
      /SEARCH p USING (COVERING )?INDEX posts_quote_of_created_idx \(quote_of_id=\?/,
    );
    expect(sorts(planOf(quotes))).toEqual([]);
    const cards = statements.find((sql) => sql.includes("'quotesAPost'"))!;
    expect(planOf(cards).join('\n')).toMatch(/SEARCH q USING INDEX sqlite_autoindex_posts_1 \(id=\?\)/);
  });

  it('people and tag lookup read ranges of their own indexes, however many members and tags', async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 300, posts: 5000 });
    t.db.$client.exec(`insert into post_tags (tag, post_id, created_at)
      select 'topic' || (abs(random()) % 300), id, created_at from posts`);
    t.db.$client.exec('analyze');
    const me = await t.member();
    const statements = await statementsOf(async () => {
      const people = await t.caller(me.token).search.people({ q: 'm' });
      expect(people.items.length).toBe(20);
      await t.caller(me.token).search.people({ q: 'm', cursor: people.nextCursor });
      expect((await t.caller(me.token).search.tags({ q: 'topic1' })).length).toBe(20);
    });
    const plans = statements.map((sql) => planOf(sql).join('\n')).join('\n');
    for (const index of ['users_search_username_idx', 'users_search_name_idx', 'users_search_last_idx'])
      expect(plans).toContain(`SEARCH u USING INDEX ${index} (`);
    expect(plans).toContain(
      'SEARCH post_tags USING COVERING INDEX post_tags_tag_created_idx (tag>? AND tag<?)',
    );
    expect(plans).not.toMatch(/^SCAN (u|users|post_tags)\b/m);
  });

  it("the Latest home feed reads each stream by feed_items' key and asks boosts of a page's items by post", async () => {
    t = await makeTestApp();
    await generateScale(t.db, { users: 300, posts: 5000 });
    const busiest = t.db.$client
      .prepare(
        'select u.id, u.username from users u join follows f on f.follower_id = u.id group by u.id order by count(*) desc limit 1',
      )
      .get() as { id: string; username: string };
    const caller = t.caller(await t.keys.sign({ _id: busiest.id, username: busiest.username }));
    t.db.$client.exec('analyze');
    const latest = async () => {
      const first = await caller.posts.feed({ mode: 'latest' });
      await caller.posts.feed({ mode: 'latest', cursor: first.nextCursor });
    };
    const pages = (await statementsOf(latest)).filter((sql) => sql.includes('from feed_items'));
    expect(pages).toHaveLength(2);
    // The first page takes each stream's newest item from feed_heads (migration 0022), by its key.
    expect(planOf(pages[0]!).join('\n')).toMatch(/SEARCH h USING PRIMARY KEY \(member_id=\?\)/);
    for (const sql of pages) {
      const plan = planOf(sql);
      const text = plan.join('\n');
      expect(fullScans(plan), `${sql}\n${text}`).toEqual([]);
      expect(unindexed(plan), text).toEqual([]);
      expect(text).toMatch(/SEARCH t USING PRIMARY KEY \(member_id=\?/);
      expect(text).toMatch(/SEARCH c USING PRIMARY KEY \(member_id=\? AND created_at>\?/);
      expect(text).toMatch(
        /SEARCH x USING COVERING INDEX (boosts_post_created_idx|sqlite_autoindex_boosts_1) \(post_id=\?/,
      );
    }
  });

  it('fails a query whose index is missing (the check itself works)', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    t.db.$client.exec('drop index posts_created_idx');
    const statements = await readEveryPage(me.token, 'janecooper');
    expect(statements.some((sql) => fullScans(planOf(sql)).length > 0)).toBe(true);
  });
});
