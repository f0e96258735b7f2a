/** How often counters.hit deletes the windows that ended, so the table holds only clients seen lately. */
export const sweepEveryMs = 60_000;
/**
 * The longest window any counter uses (domain/sign-in-limits.ts): a row is deleted only once every window it
 * could be in has ended.
 */
export const longestWindowMs = 15 * 60_000;

/** A fixed window of a sign-in counter (domain/sign-in-limits.ts). */
export type WindowRow = { hits: number; windowStart: number };

export type CounterReads = {
  /** The hits on `key` in the window that is still open at `now`, if any. */
  current(key: string, windowMs: number, now: number): Promise<WindowRow | undefined>;
};

export type CounterWrites = {
  /** Counts one hit on `key`: a new window at `now` when none is open. Sweeps ended windows now and then. */
  hit(key: string, windowMs: number, now: number): Promise<WindowRow>;
  forget(key: string): Promise<void>;
};
