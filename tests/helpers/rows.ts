import type { Db } from '../../src/server/db/client.js';

/** A moment long ago; row `i` of a helper is `i` milliseconds after it, so "newest" has one answer. */
export const epoch = 1_700_000_000_000;

/**
 * Inserts rows straight into `table` (snake_case columns, as in the database), in one transaction: for
 * instances too large to build through the API in a test.
 */
export function insertRows(db: Db, table: string, rows: Record<string, unknown>[]): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const insert = db.$client.prepare(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  db.$client.transaction(() => rows.forEach((row) => insert.run(row)))();
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
