import type { Db } from '../../src/server/store/sqlite/client.js';

// For the SQLite plan tests (tests/server/*-plans.test.ts): which statements a read prepares, and their plans.

/** The SQL of every statement `run` prepares on the connection (reads are prepared on first use). */
export async function statementsPreparedBy(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const client = db.$client;
  const prepare = client.prepare.bind(client);
  const seen: string[] = [];
  (client as { prepare: unknown }).prepare = (sql: string) => (seen.push(sql), prepare(sql));
  try {
    await run();
  } finally {
    (client as { prepare: unknown }).prepare = prepare;
  }
  return seen;
}

/**
 * The steps of `explain query plan` for a statement, every parameter bound to `value`: Drizzle's statements
 * bind `?`, the hand-written ones `:name`.
 */
export function sqlitePlan(db: Db, sql: string, value: unknown = 'x'): string[] {
  const params = (sql.match(/\?/g) ?? []).map(() => value);
  const named = Object.fromEntries((sql.match(/(?<=:)[a-z]\w*/gi) ?? []).map((name) => [name, value]));
  const statement = db.$client.prepare(`explain query plan ${sql}`);
  const rows = (params.length > 0 ? statement.all(...params) : statement.all(named)) as { detail: string }[];
  return rows.map((row) => row.detail);
}
