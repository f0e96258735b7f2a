import type { Store } from '../store/store.js';

// Counters of attempts in fixed windows, kept in the database so that every worker (REALM_WORKERS) and
// every node counts the same attempts: a process's memory would give a client N × the limit with N
// processes. The first hit on a key opens a window of `windowMs`; a hit after it ends opens a new one.

export type Window = { hits: number; resetsInMs: number };

/** Counts one hit on `key` and answers the window's hits so far, this one included. */
export async function countHit(
  store: Store,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<Window> {
  const row = await store.write((tx) => tx.counters.hit(key, windowMs, now));
  return { hits: row.hits, resetsInMs: row.windowStart + windowMs - now };
}

/** The hits on `key` in its current window, without counting one. */
export async function hitsOf(store: Store, key: string, windowMs: number): Promise<Window> {
  const now = Date.now();
  const row = await store.read.counters.current(key, windowMs, now);
  return row ? { hits: row.hits, resetsInMs: row.windowStart + windowMs - now } : { hits: 0, resetsInMs: 0 };
}

/** Ends `key`'s window now, as if it had never been hit. */
export async function forgetHits(store: Store, key: string): Promise<void> {
  await store.write((tx) => tx.counters.forget(key));
}

/** How long until a window ends, as a refusal says it: "40 seconds", "1 minute", "12 minutes". */
export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
