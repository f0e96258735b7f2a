import type { Reads } from '../store.js';
import type { Queryable } from './queryable.js';

// A placeholder: the legacy REST lists on PostgreSQL are built on another branch, which replaces this file.
export function legacyReads(_db: Queryable): Reads['legacy'] {
  const notYet = async (): Promise<never> => {
    throw new Error('not built yet');
  };
  return { slice: notYet, keyOf: notYet, count: notYet, post: notYet, user: notYet };
}
