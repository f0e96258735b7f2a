import { limits } from '../../shared/limits.js';
import { badRequest } from './errors.js';

// Keyset cursors: the sort key of the last row of a page, opaque to clients. A new post arriving between
// two pages sorts before the cursor, so the next page neither repeats nor skips anything. A key's numbers
// are whole (times, counts): 1.5 or 1e21 in a forged cursor is refused here, not by a database's cast.
export type Cursor = (string | number)[];

export function encodeCursor(key: Cursor): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * A page from a read of a page and one more of JSON rows: the first page's worth parsed, and the cursor of
 * the last when there are more. `keyOf` is the row's sort key.
 */
export function pageOfJsonRows<Row extends { json: string }, T>(
  rows: Row[],
  keyOf: (row: Row) => Cursor,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  return {
    items: items.map((row) => JSON.parse(row.json) as T),
    nextCursor: rows.length > limits.pageSize && last ? encodeCursor(keyOf(last)) : null,
  };
}

export function decodeCursor<T extends Cursor>(cursor: string, shape: ('string' | 'number')[]): T {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length === shape.length &&
      key.every((v, i) => typeof v === shape[i] && (typeof v !== 'number' || Number.isSafeInteger(v)))
    ) {
      return key as T;
    }
  } catch {
    // fall through to the one error below
  }
  throw badRequest('That page cursor is not valid. Start again from the first page.');
}
