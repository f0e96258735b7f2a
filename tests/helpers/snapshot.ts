import type { Db } from '../../src/server/db/client.js';

const tables = ['users', 'posts', 'comments', 'post_reactions', 'comment_votes', 'bookmarks', 'follows'];

/** Every row of every table, for asserting that a refused request changed nothing. */
export function snapshot(db: Db): Record<string, unknown[]> {
  return Object.fromEntries(
    tables.map((table) => [table, db.$client.prepare(`select * from ${table} order by rowid`).all()]),
  );
}
