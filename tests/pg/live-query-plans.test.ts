import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateScale } from '../../seed/scale.js';
import { closeDatabase, openDatabase } from '../../src/server/store/sqlite/client.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { fanOutReads } from '../../src/server/store/postgres/fan-out.js';
import { freshDatabase } from '../helpers/postgres.js';
import { addSomeRelations } from '../helpers/relation-rows.js';

// The PostgreSQL twin of tests/server/live-query-plans.test.ts: the reads of live updates probe primary
// keys and indexes on an instance large enough (after ANALYZE) that the planner weighs its choices.

let pool: pg.Pool;
let members: string[];
let posts: string[];
let popular: string;

beforeAll(async () => {
  const source = openDatabase(':memory:');
  await generateScale(source, { users: 300, posts: 5000, seed: 3 });
  const ids = (sql: string) => source.$client.prepare(sql).pluck().all() as string[];
  members = ids('select id from users order by id limit 100');
  posts = ids('select id from posts order by id limit 100');
  popular = ids('select id from users order by follower_count desc limit 1')[0]!;
  pool = new pg.Pool({ connectionString: await freshDatabase(inject('postgresAdminUrl')), max: 2 });
  await copyFromSqlite(source.$client, pool);
  closeDatabase(source);
  // Mutes enough that the planner weighs reading them (a follower who muted the author is left out).
  await addSomeRelations((text, values) => pool.query(text, values));
  await pool.query('analyze');
});
afterAll(() => pool?.end());

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** The plan nodes of each statement the read sends, explained with the values it ran with. */
async function plansOf(read: (db: pg.Pool) => Promise<unknown>): Promise<PlanNode[]> {
  const sent: { text: string; values: unknown[] }[] = [];
  const spy = {
    query: (config: { text: string; values: unknown[] }) => (sent.push(config), pool.query(config)),
  };
  await read(spy as unknown as pg.Pool);
  expect(sent).toHaveLength(1); // one statement, whatever the number of ids
  const { rows } = await pool.query(`explain (format json) ${sent[0]!.text}`, sent[0]!.values);
  return flatten((rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan);
}

const scans = (nodes: PlanNode[]) =>
  nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']);
const indexes = (nodes: PlanNode[]) => nodes.map((node) => node['Index Name']).filter(Boolean);

describe('the reads of live updates on PostgreSQL', () => {
  it('followers among the connected: by index, even for the most-followed member', async () => {
    const plan = await plansOf((db) => fanOutReads(db).followersAmong(popular, members));
    expect(scans(plan)).toEqual([]);
    // One probe of the primary key per connected member, or the author's followers in order: the cheaper.
    expect(indexes(plan).some((name) => /^follows_(pkey|followee_created_idx)$/.test(name!))).toBe(true);
  });

  it('the counts of changed posts: one probe of posts_pkey each, their authors’ relations by index', async () => {
    const counts = await plansOf((db) => fanOutReads(db).postCounts(posts, members));
    expect(scans(counts)).toEqual([]);
    expect(indexes(counts)).toContain('posts_pkey');
    // Who of the connected may not hear them: blocks either way and mutes of the author.
    expect(indexes(counts)).toEqual(expect.arrayContaining(['blocks_blocked_idx', 'mutes_muted_idx']));
    expect(indexes(counts).some((name) => /^blocks_(pkey|blocked_idx)$/.test(name!))).toBe(true);
  });
});
