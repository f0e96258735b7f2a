import pg from 'pg';
import { vi } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * How many statements `run` makes the database execute: calls of better-sqlite3's statements on SQLite,
 * queries sent by node-postgres's clients on PostgreSQL.
 */
export async function statementsRunBy(
  t: Pick<TestApp, 'store'>,
  run: () => Promise<unknown>,
): Promise<number> {
  const { store } = t;
  const spies =
    store.engine === 'sqlite'
      ? sqliteStatementSpies(Object.getPrototypeOf(store.db.$client.prepare('select 1')) as object)
      : [vi.spyOn(pg.Client.prototype, 'query')];
  try {
    await run();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
}

const sqliteStatementSpies = (statement: object) =>
  (['all', 'get', 'run', 'iterate'] as const).map((method) =>
    vi.spyOn(statement as Record<typeof method, () => unknown>, method),
  );
