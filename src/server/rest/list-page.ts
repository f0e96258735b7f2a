import { setImmediate as nextTurn } from 'node:timers/promises';
import { legacyLimits } from '../../shared/limits.js';
import type { Db } from '../db/client.js';
import { notFound } from '../domain/errors.js';

// A legacy list answer (PRODUCT.md "Limits on every request"): the newest REALM_LEGACY_LIST_LIMIT entries,
// or the newest below the entry named by `?before=`, stopping at a whole entry before `answerBytes` of JSON.
// Entries are read newest first by index in slices, each slice one statement that SQLite writes as JSON, and
// the worker serves other requests between slices.

/** Where an entry sits in its list: (createdAt, id), the order of the list's index. */
type Key = [createdAt: number, id: string];
type EntryRow = { json: string; createdAt: number; id: string };
type Bind = Record<string, unknown>;

/** A legacy list in SQL: its entries as JSON, the rows they come from, and the key that orders them. */
export type ListSql = {
  json: string;
  table: string;
  joins?: string;
  where?: string;
  createdAt: string;
  id: string;
};

/** The three statements of a list: a slice below a key, the key of one entry, and the count. */
export function prepareList(db: Db, list: ListSql) {
  const { json, table, joins = '', createdAt, id } = list;
  const where = list.where ? `${list.where} and ` : '';
  return {
    slice: db.$client.prepare<Bind, EntryRow>(
      `select ${json} as json, ${createdAt} as createdAt, ${id} as id from ${table} ${joins}
       where ${where}(${createdAt}, ${id}) < (:k0, :k1) order by ${createdAt} desc, ${id} desc limit :limit`,
    ),
    key: db.$client
      .prepare<Bind, Key>(`select ${createdAt}, ${id} from ${table} where ${where}${id} = :id`)
      .raw(),
    count: db.$client
      .prepare<Bind, number>(`select count(*) from ${table}${list.where ? ` where ${list.where}` : ''}`)
      .pluck(),
  };
}

export type ListStatements = ReturnType<typeof prepareList>;

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
 * member's request waits for at most one slice (issue 13's load test: 10 ms slices kept the feed's p99 over
 * 50 ms while lists were built back to back).
 */
const sliceMs = 2;

export const beforeMessages = {
  malformed: '?before= takes one _id from this list, as in the Link header of the previous page.',
  unknown:
    '?before= names no entry of this list (it may have been deleted). Start again from the first page.',
};

/** The page of `limit` entries below the entry `before` (from the newest when undefined). */
export async function newestPage(
  list: ListStatements,
  bind: Bind,
  limit: number,
  before?: string,
): Promise<ListPage> {
  let key = top;
  if (before !== undefined) {
    const found = list.key.get({ ...bind, id: before });
    if (!found) throw notFound(beforeMessages.unknown);
    key = found;
  }
  const total = list.count.get(bind)!;
  const page = { newestFirst: [] as Buffer[], bytes: 0, key };
  for (;;) {
    // One row more than the page still needs, to know whether older entries remain.
    const want = Math.min(sliceRows, limit - page.newestFirst.length + 1);
    const rows = list.slice.iterate({ ...bind, k0: page.key[0], k1: page.key[1], limit: want });
    const outcome = takeSlice(rows, want);
    if (outcome !== 'next') {
      return {
        entries: page.newestFirst.reverse(),
        total,
        nextBefore: outcome === 'full' ? page.key[1] : null,
      };
    }
    await nextTurn();
  }

  /** Takes the slice's rows while they fit; whether the page is full, the list ended, or a slice is due. */
  function takeSlice(rows: IterableIterator<EntryRow>, want: number): 'full' | 'end' | 'next' {
    const started = performance.now();
    let read = 0;
    for (const row of rows) {
      read += 1;
      // Encoded entry by entry, so that the answer's bytes are ready when the last slice is (list-answer.ts).
      const entry = Buffer.from(row.json);
      const count = page.newestFirst.length;
      // Leaving the loop resets the statement: SQLite writes at most one entry that the page does not carry.
      if (count === limit || (count > 0 && page.bytes + entry.length + 1 > legacyLimits.answerBytes)) {
        return 'full';
      }
      page.newestFirst.push(entry);
      page.bytes += entry.length + 1;
      page.key = [row.createdAt, row.id];
      if (performance.now() - started > sliceMs) return 'next';
    }
    return read < want ? 'end' : 'next';
  }
}
