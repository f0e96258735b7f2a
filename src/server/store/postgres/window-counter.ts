import type pg from 'pg';
import type { Window } from '../../domain/window-counter.js';

// The PostgreSQL side of domain/window-counter.ts: the same windows in the same `rate_limits` table, so
// that every node of an instance counts one client's sign-in attempts together (issue 15). One statement
// counts a hit: INSERT ... ON CONFLICT takes the row's lock, so concurrent hits from any node queue on it
// and each sees the count before it (no read-then-write).

/** Counts one hit on `key` and answers the window's hits so far, this one included. */
export async function countHit(db: pg.Pool | pg.PoolClient, key: string, windowMs: number): Promise<Window> {
  const now = Date.now();
  const { rows } = await db.query<{ hits: number; window_start: string }>({
    name: 'realm-count-hit',
    // In ON CONFLICT's SET, rate_limits.* is the row as it was: both columns test the old window.
    text: `insert into rate_limits (key, window_start, hits) values ($1, $2, 1)
        on conflict (key) do update set
          hits = case when rate_limits.window_start + $3 <= $2 then 1 else rate_limits.hits + 1 end,
          window_start = case when rate_limits.window_start + $3 <= $2 then $2 else rate_limits.window_start end
        returning hits, window_start`,
    values: [key, now, windowMs],
  });
  const row = rows[0]!;
  // node-postgres reads a bigint as text: it may exceed 2^53; a time in milliseconds does not.
  return { hits: row.hits, resetsInMs: Number(row.window_start) + windowMs - now };
}

/** The hits on `key` in its current window, without counting one. */
export async function hitsOf(db: pg.Pool | pg.PoolClient, key: string, windowMs: number): Promise<Window> {
  const now = Date.now();
  const { rows } = await db.query<{ hits: number; window_start: string }>({
    name: 'realm-hits-of',
    text: 'select hits, window_start from rate_limits where key = $1 and window_start + $2 > $3',
    values: [key, windowMs, now],
  });
  const row = rows[0];
  return row
    ? { hits: row.hits, resetsInMs: Number(row.window_start) + windowMs - now }
    : { hits: 0, resetsInMs: 0 };
}
