import type { EngineStore } from '../../src/server/store/open.js';

/** A moment long ago; row `i` of a helper is `i` milliseconds after it, so "newest" has one answer. */
export const epoch = 1_700_000_000_000;

/** PostgreSQL's limit on the parameters of one statement. */
const maxParameters = 65_535;

/**
 * Inserts rows straight into `table` (snake_case columns, as in the database), in one transaction: for
 * instances too large to build through the API in a test. SQLite runs one prepared statement per row;
 * PostgreSQL takes multi-row INSERTs, as many rows each as its parameter limit allows.
 */
export async function insertRows(
  on: { store: EngineStore },
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const { store } = on;
  if (store.engine === 'sqlite') {
    const insert = store.db.$client.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    store.db.$client.transaction(() => rows.forEach((row) => insert.run(row)))();
    return;
  }
  const perStatement = Math.floor(maxParameters / columns.length);
  const client = await store.pool.connect();
  try {
    await client.query('begin');
    for (let start = 0; start < rows.length; start += perStatement) {
      const batch = rows.slice(start, start + perStatement);
      const tuples = batch.map(
        (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
      );
      await client.query(
        `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
        batch.flatMap((row) => columns.map((column) => row[column])),
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Likes of `postId` by `userIds`, the first the oldest. */
export const likesOf = (postId: string, userIds: string[], kind = 'like') =>
  userIds.map((userId, i) => ({ post_id: postId, user_id: userId, kind, created_at: epoch + i }));

/** The `rel="next"` URL of a response's Link header, if any. */
export function nextLink(headers: Record<string, unknown>): string | undefined {
  const link = headers.link;
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!match) throw new Error(`Not a Link header with rel="next": ${String(link)}`);
  return match[1];
}
