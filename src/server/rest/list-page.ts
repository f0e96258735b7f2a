import { setImmediate as nextTurn } from 'node:timers/promises';
import { legacyLimits } from '../../shared/limits.js';
import { notFound } from '../domain/errors.js';
import type { JsonRow, LegacyBind, LegacyListName, Store } from '../store/store.js';

// A legacy list answer (docs/api.md, "Long lists: bounded, paged, kept"): the newest REALM_LEGACY_LIST_LIMIT
// entries, or the newest below the entry named by `?before=`, stopping at a whole entry before `answerBytes`
// of JSON. Entries are read newest first by index in slices, each slice one statement that the database
// writes as JSON, and the worker serves other requests between slices.

/** Where an entry sits in its list: (createdAt, id), the order of the list's index. */
type Key = [createdAt: number, id: string];

export type ListPage = {
  /** The entries' JSON as UTF-8, oldest first (the mock's order). */
  entries: Buffer[];
  /** How many entries the whole list has. */
  total: number;
  /** The `_id` to pass as `?before=` for the next older page, when older entries remain. */
  nextBefore: string | null;
};

/** A key above every entry: the first page starts below it. */
const top: Key = [Number.MAX_SAFE_INTEGER, ''];
const sliceRows = 100;
/**
 * A slice also ends after this long, so that one costly entry after another never holds the worker: a
 * member's request waits for at most one slice (the load test, `npm run bench:hardening`: 10 ms slices kept
 * the feed's p99 over 50 ms while lists were built back to back).
 */
const sliceMs = 2;

export const beforeMessages = {
  malformed: '?before= takes one _id from this list, as in the Link header of the previous page.',
  unknown:
    '?before= names no entry of this list (it may have been deleted). Start again from the first page.',
};

/** The page of `limit` entries of the list below the entry `before` (from the newest when undefined). */
export async function newestPage(
  store: Store,
  list: LegacyListName,
  bind: LegacyBind,
  limit: number,
  before?: string,
): Promise<ListPage> {
  let key = top;
  if (before !== undefined) {
    const found = await store.read.legacy.keyOf(list, bind, before);
    if (!found) throw notFound(beforeMessages.unknown);
    key = found;
  }
  const total = await store.read.legacy.count(list, bind);
  const newestFirst: Buffer[] = [];
  let bytes = 0;
  for (;;) {
    // One row more than the page still needs, to know whether older entries remain.
    const want = Math.min(sliceRows, limit - newestFirst.length + 1);
    // The clock starts at the slice's first row: PostgreSQL writes the rows on its server while the worker
    // serves others, and its wait counted here would end every slice after one entry.
    let started: number | undefined;
    // 'next' also when the slice stopped for time: the next slice goes on from the last entry taken.
    const slice: { outcome: 'full' | 'end' | 'next' | 'read all' } = { outcome: 'read all' };
    const take = (row: JsonRow) => {
      started ??= performance.now();
      // Encoded entry by entry, so that the answer's bytes are ready when the last slice is (list-answer.ts).
      const entry = Buffer.from(row.json);
      const count = newestFirst.length;
      // Stopping the slice resets the statement: the database writes at most one entry the page does not carry.
      if (count === limit || (count > 0 && bytes + entry.length + 1 > legacyLimits.answerBytes)) {
        slice.outcome = 'full';
        return false;
      }
      newestFirst.push(entry);
      bytes += entry.length + 1;
      key = [row.createdAt, row.id];
      if (performance.now() - started <= sliceMs) return true;
      slice.outcome = 'next';
      return false;
    };
    const read = await store.read.legacy.slice(list, bind, key, want, take);
    if (slice.outcome === 'read all') slice.outcome = read < want ? 'end' : 'next';
    if (slice.outcome !== 'next') {
      return { entries: newestFirst.reverse(), total, nextBefore: slice.outcome === 'full' ? key[1] : null };
    }
    await nextTurn();
  }
}
