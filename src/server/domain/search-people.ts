import { limits } from '../../shared/limits.js';
import type { PeopleLookupInput } from '../../shared/lookup-schemas.js';
import { searchFold } from '../../shared/search-fold.js';
import type { PersonKey, Store } from '../store/store.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { PublicUser } from './views.js';

/** A member as the People tab and the composer's suggestions show them (client PersonRow). */
export type PersonResult = PublicUser & { followerCount: number; followedByMe: boolean };

/**
 * Members whose username or display name starts with the text, accents and case aside, most-followed first
 * (docs/search-people-and-tags.md). Who the viewer cannot see (blocks both ways, mutes, suspended, limited
 * members as explore leaves them out) is not found. Pages of 20 by default; the composer asks for fewer.
 */
export async function searchPeople(
  store: Store,
  viewerId: string | null,
  input: PeopleLookupInput,
): Promise<{ items: PersonResult[]; nextCursor: string | null }> {
  const prefix = searchFold(input.q);
  // Text of marks alone (a lone accent) folds to nothing: nobody's name starts with it in a useful way.
  if (prefix === '') return { items: [], nextCursor: null };
  const after = input.cursor ? decodeCursor<PersonKey>(input.cursor, ['number', 'string']) : null;
  const limit = input.limit ?? limits.pageSize;
  const rows = await store.read.search.people(viewerId, prefix, after, limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(({ key: _key, ...person }) => person),
    nextCursor: rows.length > limit && last ? encodeCursor(last.key) : null,
  };
}
