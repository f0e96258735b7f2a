import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/store/sqlite/client.js';
import { freshDatabase } from '../helpers/postgres.js';

// The two engines' schemas (src/server/store/sqlite/schema.ts and src/server/store/postgres/schema.ts, each with its
// migrations) must stay one design: the same tables, columns, keys, cascades and indexes under the same
// names, so that one set of rules and one set of index-backed queries serve both (docs/decisions/0002).

type Table = {
  columns: Record<string, { notNull: boolean; generated: boolean }>;
  primaryKey: string[];
  foreignKeys: string[];
  indexes: Record<string, string>;
};
type Shape = Record<string, Table>;

/**
 * The one part that differs by design: each engine's own full-text index of posts (docs/search.md), an FTS5
 * table and its shadow tables on SQLite, a generated tsvector and its GIN index on PostgreSQL.
 */
const searchIndex = { columns: ['posts.search'], indexes: ['posts_search_idx'] };

/**
 * SQLite's own: each member's newest stream time (migration 0022), a small table its bounded page cache keeps,
 * derived by triggers from feed_items, which both engines have. PostgreSQL reads the streams themselves.
 */
const sqliteOnlyTables = ['feed_heads'];

function sqliteShape(): Shape {
  const db = openDatabase(':memory:');
  const sqlite = db.$client;
  const all = <T>(query: string) => sqlite.prepare(query).all() as T[];
  try {
    const names = all<{ name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and name not like 'posts_fts%'",
    )
      .map((row) => row.name)
      .filter((name) => !sqliteOnlyTables.includes(name));
    return Object.fromEntries(
      names.map((table) => {
        const columns = all<{ name: string; notnull: number; pk: number; hidden: number }>(
          `pragma table_xinfo(${table})`,
        );
        const indexes = all<{ name: string; unique: number; origin: string }>(`pragma index_list(${table})`)
          .filter((index) => index.origin === 'c')
          .map((index) => {
            const keys = all<{ name: string }>(`pragma index_info(${index.name})`).map((key) => key.name);
            return [index.name, `${index.unique ? 'unique ' : ''}(${keys.join(', ')})`];
          });
        const foreignKeys = all<{ from: string; table: string; to: string; on_delete: string }>(
          `pragma foreign_key_list(${table})`,
        ).map((fk) => `${fk.from} -> ${fk.table}(${fk.to}) on delete ${fk.on_delete.toLowerCase()}`);
        return [
          table,
          {
            columns: Object.fromEntries(
              columns.map((c) => [
                c.name,
                { notNull: c.notnull === 1 || c.pk > 0, generated: c.hidden >= 2 },
              ]),
            ),
            primaryKey: columns
              .filter((c) => c.pk > 0)
              .sort((a, b) => a.pk - b.pk)
              .map((c) => c.name),
            foreignKeys: foreignKeys.sort(),
            indexes: Object.fromEntries(indexes),
          } satisfies Table,
        ];
      }),
    );
  } finally {
    closeDatabase(db);
  }
}

async function postgresShape(client: pg.Client): Promise<Shape> {
  const rows = async <T>(query: string, params: unknown[] = []) =>
    (await client.query(query, params)).rows as T[];
  const tables = await rows<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  const shape: Shape = {};
  for (const { name: table } of tables) {
    const columns = await rows<{ name: string; nullable: string; generated: string }>(
      `select column_name as name, is_nullable as nullable, is_generated as generated
       from information_schema.columns where table_schema = 'public' and table_name = $1`,
      [table],
    );
    const primaryKey = await rows<{ name: string }>(
      `select k.column_name as name from information_schema.table_constraints c
       join information_schema.key_column_usage k on k.constraint_name = c.constraint_name
       where c.table_name = $1 and c.constraint_type = 'PRIMARY KEY' order by k.ordinal_position`,
      [table],
    );
    const foreignKeys = await rows<{ text: string }>(
      `select k.column_name || ' -> ' || u.table_name || '(' || u.column_name || ') on delete ' ||
         lower(r.delete_rule) as text
       from information_schema.referential_constraints r
       join information_schema.key_column_usage k on k.constraint_name = r.constraint_name
       join information_schema.constraint_column_usage u on u.constraint_name = r.constraint_name
       where k.table_name = $1`,
      [table],
    );
    const indexes = await rows<{ name: string; text: string }>(
      `select i.relname as name,
         case when x.indisunique then 'unique ' else '' end ||
         '(' || string_agg(a.attname, ', ' order by k.ord) || ')' as text
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
       join unnest(x.indkey) with ordinality as k(attnum, ord) on true
       join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
       where t.relname = $1 and not x.indisprimary
       group by i.relname, x.indisunique`,
      [table],
    );
    shape[table] = {
      columns: Object.fromEntries(
        columns
          .filter((c) => !searchIndex.columns.includes(`${table}.${c.name}`))
          .map((c) => [c.name, { notNull: c.nullable === 'NO', generated: c.generated === 'ALWAYS' }]),
      ),
      primaryKey: primaryKey.map((k) => k.name),
      foreignKeys: foreignKeys.map((fk) => fk.text).sort(),
      indexes: Object.fromEntries(
        indexes
          .filter((index) => !searchIndex.indexes.includes(index.name))
          .map((index) => [index.name, index.text]),
      ),
    };
  }
  return shape;
}

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: await freshDatabase(inject('postgresAdminUrl')) });
  await client.connect();
});
afterAll(() => client?.end());

describe('the PostgreSQL schema', () => {
  it('has every table, column, key, cascade and index of the SQLite schema, under the same names', async () => {
    const sqlite = sqliteShape();
    expect(Object.keys(sqlite).sort()).toContain('posts'); // the comparison below compares something
    // instance_secrets is on both now (SQLite keeps its VAPID keys there; its token secret stays in a file).
    expect(await postgresShape(client)).toEqual(sqlite);
  });

  it('keeps millisecond times whole and computes trending’s score itself', async () => {
    const at = Date.UTC(2026, 10, 22, 12, 0, 0, 123);
    await client.query(
      `insert into users (id, username, username_key, password_hash, created_at, updated_at)
       values ('u1', 'Ann', 'ann', 'x', $1, $1)`,
      [at],
    );
    await client.query(
      `insert into posts (id, author_id, content, like_count, comment_count, created_at, updated_at)
       values ('p1', 'u1', 'hello', 10, 2, $1, $1)`,
      [at],
    );
    const { rows } = await client.query('select score, created_at from posts');
    expect(rows).toEqual([{ score: 12, created_at: String(at) }]); // node-postgres gives bigint as text
    await expect(
      client.query(`insert into post_reactions values ('p1', 'u1', 'love', $1)`, [at]),
    ).rejects.toThrow(/post_reactions_kind_check/);
  });
});
