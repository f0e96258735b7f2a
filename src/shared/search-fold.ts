// How search folds text, in its own module without zod so the web app's first bundle can mark found words
// (client/lib/highlight.ts) without the query parser's schemas. Two folds on purpose: posts' words as both
// engines' full-text indexes fold them (docs/search.md), and names more loosely, as people type them
// (docs/search-people-and-tags.md).

/** Lower case without accents, as both engines' indexes fold text (`ß` and other letters stay themselves). */
export const foldForSearch = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * How people search compares names (docs/search-people-and-tags.md): compatibility-decomposed, accents and
 * other marks dropped, lower case, runs of spaces as one, so `Émile` is found by `emi` and `ÉMILE`. A few
 * letters that carry no mark to drop are spelled as readers type them (`ß` as `ss`, `ø` as `o`). The stored
 * keys and the typed text pass through this one function, so a typed prefix is a prefix of the key.
 */
const spelledOut: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

export const searchFold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => spelledOut[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();

/** A member's search keys: the username, the whole display name ("first last"), and the last name alone. */
export const memberSearchKeys = (member: { username: string; firstName: string; lastName: string }) => ({
  searchUsername: searchFold(member.username),
  searchName: searchFold(`${member.firstName} ${member.lastName}`),
  searchLast: searchFold(member.lastName),
});
