import { instanceTables } from '../../src/server/store/sqlite/schema.js';
import type { TestApp } from './test-app.js';

/**
 * Every row of every table, for asserting that a refused request changed nothing. Rows are sorted by their
 * JSON, an order both engines give alike (PostgreSQL has no `rowid`).
 */
export async function snapshot(t: Pick<TestApp, 'sql'>): Promise<Record<string, Record<string, unknown>[]>> {
  const all: Record<string, Record<string, unknown>[]> = {};
  for (const table of instanceTables) {
    const rows = (await t.sql(`select * from ${table}`)).map((row) => JSON.stringify(row));
    all[table] = rows.sort().map((row) => JSON.parse(row) as Record<string, unknown>);
  }
  return all;
}
