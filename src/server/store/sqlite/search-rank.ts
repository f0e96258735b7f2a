import { foldForSearch } from '../../../shared/search-fold.js';
import type { KeyRow, SortKey } from '../store.js';

// Relevance on SQLite, computed over the candidates in JavaScript. FTS5's bm25() first counts, for each term,
// every post in the index that has it (its IDF): for a word in half of a million posts that alone took 12 ms
// a word, while finding the newest 500 matches took 0.3 ms (docs/performance.md, "Search"). Among
// candidates that all hold every term, IDF would weigh the terms against each other and nothing more,
// so the score here is bm25's other half: each term's count, saturating, against the post's length.

const k1 = 1.2;
const b = 0.75;
const day = 24 * 60 * 60 * 1000;

/** Words as unicode61 reads them: runs of letters, digits and marks, folded as remove_diacritics 2 does. */
const tokens = (text: string) => foldForSearch(text).match(/[\p{L}\p{N}\p{Co}]+/gu) ?? [];

const cjk = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;

/** How often the term's words come in a row in `words`; a CJK term's last word may begin a longer one. */
function count(words: string[], term: string[], prefix: boolean): number {
  let n = 0;
  for (let i = 0; i + term.length <= words.length; i++) {
    let all = true;
    for (let j = 0; j < term.length && all; j++) {
      const word = words[i + j]!;
      const last = j === term.length - 1;
      all = word === term[j] || (last && prefix && word.startsWith(term[j]!));
    }
    if (all) n++;
  }
  return n;
}

export type Candidate = [id: string, createdAt: number, content: string];

/**
 * The candidates' keys `[score, createdAt, id]`, best first: relevance weighed by age (halved at 30 days),
 * as a whole number, so that a page's cursor carries it exactly; then those below `key`, a page and one more.
 */
export function rankCandidates(
  candidates: Candidate[],
  terms: string[],
  now: number,
  key: SortKey,
  page: number,
): KeyRow[] {
  const queries = terms.map((term) => ({ words: tokens(term), prefix: cjk.test(term) }));
  const texts = candidates.map(([, , content]) => tokens(content));
  const average = texts.reduce((sum, words) => sum + words.length, 0) / Math.max(1, texts.length);
  const keyed = candidates.map(([id, createdAt], i) => {
    const words = texts[i]!;
    const norm = k1 * (1 - b + (b * words.length) / Math.max(1, average));
    let relevance = 0;
    for (const query of queries) {
      const tf = count(words, query.words, query.prefix);
      relevance += (tf * (k1 + 1)) / (tf + norm);
    }
    const age = Math.max(0, now - createdAt) / day;
    return [Math.round((relevance * 1_000_000 * 30) / (30 + age)), createdAt, id] as const;
  });
  const below = ([score, at, id]: readonly [number, number, string]) =>
    score < (key[0] as number) ||
    (score === key[0] && (at < (key[1] as number) || (at === key[1] && id < (key[2] as string))));
  return keyed
    .filter(below)
    .sort((x, y) => y[0] - x[0] || y[1] - x[1] || (y[2] < x[2] ? -1 : y[2] > x[2] ? 1 : 0))
    .slice(0, page)
    .map(([score, at, id]) => [id, JSON.stringify([now, score, at, id])]);
}
