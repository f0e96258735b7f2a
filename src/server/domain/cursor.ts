import { badRequest } from './errors.js';

// Keyset cursors: the sort key of the last row of a page, opaque to clients. A new post arriving between
// two pages sorts before the cursor, so the next page neither repeats nor skips anything.
export type Cursor = (string | number)[];

export function encodeCursor(key: Cursor): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends Cursor>(cursor: string, shape: ('string' | 'number')[]): T {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === shape.length && key.every((v, i) => typeof v === shape[i])) {
      return key as T;
    }
  } catch {
    // fall through to the one error below
  }
  throw badRequest('That page cursor is not valid. Start again from the first page.');
}
