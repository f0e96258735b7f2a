import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { rateLimits } from './schema.js';
import { longestWindowMs, sweepEveryMs } from '../interface/counters.js';
import type { Reads, Writes } from '../store.js';

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

export function counterReads(db: Db): Reads['counters'] {
  return { current: async (key, windowMs, now) => statements(db).read.get({ key, now, windowMs }) };
}

export function counterWrites(db: Db): Writes['counters'] {
  let sweptAt = 0;
  return {
    async hit(key, windowMs, now) {
      if (now - sweptAt >= sweepEveryMs) {
        statements(db).forgetExpired.run({ now, windowMs: longestWindowMs });
        sweptAt = now;
      }
      return statements(db).count.get({ key, now, windowMs })!;
    },
    async forget(key) {
      db.delete(rateLimits)
        .where(sql`${rateLimits.key} = ${key}`)
        .run();
    },
  };
}
