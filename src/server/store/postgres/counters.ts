import { longestWindowMs, sweepEveryMs } from '../interface/counters.js';
import type { Reads, WindowRow, Writes } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement } from './statement.js';

// The sign-in counters (domain/window-counter.ts) in the same `rate_limits` table, so every node of an
// instance counts one client's attempts together. One statement counts a hit: INSERT ... ON
// CONFLICT takes the row's lock, so concurrent hits from any node queue on it and each sees the count
// before it (no read-then-write).

type Row = { hits: number; windowStart: string };
const expired = 'rate_limits.window_start + $3 <= $2';
const count = statement<Row>(
  'counter-hit',
  // In ON CONFLICT's SET, rate_limits.* is the row as it was: both columns test the old window.
  `insert into rate_limits (key, window_start, hits) values ($1, $2, 1)
   on conflict (key) do update set
     hits = case when ${expired} then 1 else rate_limits.hits + 1 end,
     window_start = case when ${expired} then $2 else rate_limits.window_start end
   returning hits, window_start as "windowStart"`,
);
const current = statement<Row>(
  'counter-current',
  `select hits, window_start as "windowStart" from rate_limits where key = $1 and not (${expired})`,
);
const forgetExpired = writeStatement(
  'counter-forget-expired',
  'delete from rate_limits where window_start + $1 <= $2',
);

const toWindow = (row: Row): WindowRow => ({ hits: row.hits, windowStart: Number(row.windowStart) });

export function counterReads(db: Queryable): Reads['counters'] {
  return {
    async current(key, windowMs, now) {
      const row = (await current(db, [key, now, windowMs]))[0];
      return row && toWindow(row);
    },
  };
}

/** When this store last deleted ended windows: kept by the store, since a transaction's writes are new. */
export type Sweeps = { at: number };

export function counterWrites(db: Queryable, sweeps: Sweeps): Writes['counters'] {
  return {
    async hit(key, windowMs, now) {
      if (now - sweeps.at >= sweepEveryMs) {
        sweeps.at = now;
        await forgetExpired(db, [longestWindowMs, now]);
      }
      return toWindow((await count(db, [key, now, windowMs]))[0]!);
    },
    async forget(key) {
      await db.query('delete from rate_limits where key = $1', [key]);
    },
  };
}
