import type { Db } from './client.js';

/**
 * A query that Drizzle builds and SQLite compiles once per connection; each later call only binds its
 * values (`sql.placeholder`). Page queries run thousands of times a second, and building and compiling
 * them anew cost more than running them; for a like or a bookmark, a third of the request. A statement runs
 * inside whatever transaction its connection has open, so writes (`transaction()` in client.ts) use them too.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const byConnection = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byConnection.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byConnection.set(db, prepared);
    }
    return prepared;
  };
}
