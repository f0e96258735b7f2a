let last = 0;

/**
 * Milliseconds since the epoch, strictly increasing within this process: two writes in one millisecond still
 * get distinct times, so "newest first" and "in the order added" are exact, not broken by random ids.
 */
export function now(): number {
  last = Math.max(Date.now(), last + 1);
  return last;
}
