import { foldForSearch } from '../../shared/search-fold';

// The words a search found, marked in a post's text (docs/search.md, "Highlighting"). The server names the
// terms; their places are found here, in the text as the card shows it, folded as the index folds it
// (case and accents), so "creme" marks "Crème". Member text stays text: a mark is a React element.

export type Piece = { text: string; marked: boolean };

const cjk = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
const wordChar = /[\p{L}\p{N}\p{M}]/u;

/** The folded text, and for each of its code units the offset in `text` of the character it came from. */
function folded(text: string): { folded: string; from: number[] } {
  let out = '';
  const from: number[] = [];
  let offset = 0;
  for (const char of text) {
    const f = foldForSearch(char);
    for (let i = 0; i < f.length; i++) from.push(offset);
    out += f;
    offset += char.length;
  }
  from.push(offset);
  return { folded: out, from };
}

/** [start, end) ranges of `text` where a term stands as a word (a CJK term: anywhere), merged. */
export function highlightRanges(text: string, terms: readonly string[]): [number, number][] {
  const { folded: haystack, from } = folded(text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    const needle = foldForSearch(term);
    if (!needle) continue;
    const anywhere = cjk.test(needle);
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const starts = anywhere || at === 0 || !wordChar.test(haystack[at - 1]!);
      const ends = anywhere || end === haystack.length || !wordChar.test(haystack[end]!);
      if (starts && ends) ranges.push([from[at]!, from[end]!]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** `text` cut into pieces, the marked ones being the terms' places. */
export function highlightPieces(text: string, terms: readonly string[]): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const [start, end] of highlightRanges(text, terms)) {
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}
