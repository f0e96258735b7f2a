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
