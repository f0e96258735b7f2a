import { limits } from '../../shared/limits.js';
import { searchPeople } from '../domain/search-people.js';
import type { Store } from '../store/store.js';

// Mastodon pages account search by `offset` and `limit`; Realm's people search (domain/search-people.ts)
// by a cursor over pages of at most 20. This walks its pages to the offset, and stops at 200 results in
// all: past that a search is better narrowed than paged.

const reachMax = 200;

export async function searchPeoplePage(
  store: Store,
  viewerId: string | null,
  query: { q: string; limit: number; offset: number },
): Promise<string[]> {
  const q = query.q.trim().replace(/^@/, '');
  if (q === '' || q.length > 100) return [];
  const wanted = Math.min(query.offset + query.limit, reachMax);
  const ids: string[] = [];
  let cursor: string | null = null;
  while (ids.length < wanted) {
    const page = await searchPeople(store, viewerId, {
      q,
      limit: limits.pageSize,
      ...(cursor && { cursor }),
    });
    ids.push(...page.items.map((person) => person.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return ids.slice(query.offset, wanted);
}
