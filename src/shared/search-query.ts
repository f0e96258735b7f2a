import { limits } from './limits.js';
import { tag } from './schemas.js';

export { foldForSearch } from './search-fold.js';

// The query language of search (docs/search.md, "Query language"), read the same way by the server, which
// searches with it, and by the web app, which marks the words it found.

export type SearchQuery = { terms: string[]; from: string | null; tag: string | null };

/** Why a query cannot be searched: the message a member sees. */
export class SearchQueryError extends Error {}

const letterOrDigit = /[\p{L}\p{N}]/u;
// Punctuation around a word is not part of it ("coffee," or "(rain)"); inside it, it stays ("l'été").
const edges = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * Words (all must match), "a phrase", from:username and #tag, in any order. A term without a letter or a digit
 * (an emoji, a dash) is left out: neither engine's index holds those.
 */
export function parseSearchQuery(q: string): SearchQuery {
  const query: SearchQuery = { terms: [], from: null, tag: null };
  for (const [, phrase, word] of q.matchAll(/"([^"]*)"?|(\S+)/g)) {
    if (phrase !== undefined) {
      const text = phrase
        .split(/\s+/)
        .map((part) => part.replace(edges, ''))
        .filter(Boolean)
        .join(' ');
      if (letterOrDigit.test(text)) query.terms.push(text);
    } else if (word!.toLowerCase().startsWith('from:')) {
      const name = word!.slice(5).replace(/^@/, '');
      if (!name) throw new SearchQueryError('Write a username after from:, as in from:ana.');
      if (query.from !== null)
        throw new SearchQueryError('Search the posts of one member at a time (one from:).');
      query.from = name;
    } else if (word!.startsWith('#') && tag.safeParse(word!.slice(1)).success) {
      if (query.tag !== null) throw new SearchQueryError('Search one tag at a time (one #tag).');
      query.tag = tag.parse(word!.slice(1));
    } else {
      const text = word!.replace(edges, '');
      if (letterOrDigit.test(text)) query.terms.push(text);
    }
  }
  if (query.terms.length > limits.searchTermsMax) {
    throw new SearchQueryError(`Search for at most ${limits.searchTermsMax} words or phrases at a time.`);
  }
  if (query.terms.length === 0 && query.from === null && query.tag === null) {
    throw new SearchQueryError('Type a word to search for, "a phrase", from:username or #tag.');
  }
  return query;
}
