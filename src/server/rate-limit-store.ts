import { sql } from 'drizzle-orm';
import { write, type Db } from './db/client.js';
import { preparedOnce } from './db/prepared.js';
import { rateLimits } from './db/schema.js';

// @fastify/rate-limit keeps its counters in each process's memory, so with N workers (REALM_WORKERS) a client
// had N × 25 login attempts. This store keeps them in the database every worker shares. It counts a fixed
// window per key, as the plugin's own store does: the first attempt opens a window of `timeWindow` ms, and
// an attempt after it ends opens a new one.

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, counted?: Counted) => void;

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
    forgetExpired: db.delete(rateLimits).where(expired).prepare(),
  };
});

/** How often windows that ended are deleted, so the table holds only clients seen lately. */
const sweepEveryMs = 60_000;

/** A @fastify/rate-limit store (its `store` option) on the database. */
export function databaseRateLimitStore(db: Db) {
  let sweptAt = 0;
  return class DatabaseStore {
    private readonly windowMs: number;

    // The plugin passes the limit's settings (its types say route options), among them the window in ms.
    constructor(options: object) {
      const { timeWindow } = options as { timeWindow?: unknown };
      if (typeof timeWindow !== 'number') throw new Error('The rate limit needs a window in ms');
      this.windowMs = timeWindow;
    }

    incr(key: string, done: Done) {
      const { windowMs } = this;
      try {
        const now = Date.now();
        const row = write(db, () => {
          if (now - sweptAt >= sweepEveryMs) {
            statements(db).forgetExpired.run({ now, windowMs });
            sweptAt = now;
          }
          return statements(db).count.get({ key, now, windowMs })!;
        });
        done(null, { current: row.hits, ttl: row.windowStart + windowMs - now });
      } catch (error) {
        done(error as Error);
      }
    }

    /** The store of a route's own limit (app.rateLimit(...)), with that limit's window. */
    child(options: object) {
      return new DatabaseStore(options);
    }
  };
}
