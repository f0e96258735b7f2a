import { sql } from 'drizzle-orm';
import { write, type Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { rateLimits } from '../db/schema.js';

// Counters of attempts in fixed windows, kept in the database so that every worker (REALM_WORKERS) counts
// the same attempts: a process's memory would give a client N × the limit with N workers. The first hit on a
// key opens a window of `windowMs`; a hit after it ends opens a new one.

export type Window = { hits: number; resetsInMs: number };

const statements = preparedOnce((db: Db) => {
  const key = sql.placeholder('key');
  const now = sql.placeholder('now');
  const windowMs = sql.placeholder('windowMs');
  const expired = sql`${rateLimits.windowStart} + ${windowMs} <= ${now}`;
  return {
    // SET sees the row as it was, so both columns test the old window.
    count: db
      .insert(rateLimits)
      .values({ key, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`iif(${expired}, 1, ${rateLimits.hits} + 1)`,
          windowStart: sql`iif(${expired}, ${now}, ${rateLimits.windowStart})`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .prepare(),
    read: db
      .select({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and not (${expired})`)
      .prepare(),
    forgetExpired: db.delete(rateLimits).where(expired).prepare(),
  };
});

/** How often windows that ended are deleted, so the table holds only clients seen lately. */
const sweepEveryMs = 60_000;
/** The longest window any counter uses: a row is deleted only once every window it could be in has ended. */
export const longestWindowMs = 15 * 60_000;
const sweptAt = new WeakMap<Db, number>();

/** Counts one hit on `key` and answers the window's hits so far, this one included. */
export function countHit(db: Db, key: string, windowMs: number): Window {
  const now = Date.now();
  const row = write(db, () => {
    if (now - (sweptAt.get(db) ?? 0) >= sweepEveryMs) {
      statements(db).forgetExpired.run({ now, windowMs: longestWindowMs });
      sweptAt.set(db, now);
    }
    return statements(db).count.get({ key, now, windowMs })!;
  });
  return { hits: row.hits, resetsInMs: row.windowStart + windowMs - now };
}

/** The hits on `key` in its current window, without counting one. */
export function hitsOf(db: Db, key: string, windowMs: number): Window {
  const now = Date.now();
  const row = statements(db).read.get({ key, now, windowMs });
  return row ? { hits: row.hits, resetsInMs: row.windowStart + windowMs - now } : { hits: 0, resetsInMs: 0 };
}

/** Ends `key`'s window now, as if it had never been hit. */
export function forgetHits(db: Db, key: string): void {
  write(db, () =>
    db
      .delete(rateLimits)
      .where(sql`${rateLimits.key} = ${key}`)
      .run(),
  );
}
