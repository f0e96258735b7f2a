import { parseSearchQuery, SearchQueryError, type SearchQuery } from '../../shared/search-query.js';
import type { Store } from '../store/store.js';
import { findUserIdByUsername } from './auth.js';
import { now } from './clock.js';
import { decodeCursor, type Cursor } from './cursor.js';
import { badRequest } from './errors.js';
import { toPage } from './post-cards.js';
import type { Page, PostCard } from './views.js';

// Search of posts (docs/search.md): the query language is read once here (shared/search-query.ts), each
// engine searches its own index (store: search.posts). A page is two statements, three with from:.

/** A page of results, and the words to mark in them: the query's terms, which the web app folds as the index does. */
export type SearchPage = Page<PostCard> & { highlight: string[] };

function parse(q: string): SearchQuery {
  try {
    return parseSearchQuery(q);
  } catch (error) {
    if (error instanceof SearchQueryError) throw badRequest(error.message);
    throw error;
  }
}

export async function searchPosts(
  store: Store,
  viewerId: string | null,
  input: { q: string; cursor?: string | null },
): Promise<SearchPage> {
  const query = parse(input.q);
  // The cursor holds the time the first page was ranked at, so each later page weighs age the same way.
  const [at, ...key] = input.cursor
    ? decodeCursor<[number, number, number, string]>(input.cursor, ['number', 'number', 'number', 'string'])
    : [now(), null];
  const authorId = query.from === null ? null : await findUserIdByUsername(store, query.from);
  const highlight = query.terms;
  if (authorId === undefined) return { items: [], nextCursor: null, highlight };
  const rows = await store.read.search.posts(
    viewerId,
    { terms: query.terms, authorId, tag: query.tag, now: at as number },
    input.cursor ? (key as Cursor) : null,
  );
  return toPage(store, viewerId, rows, { highlight });
}
