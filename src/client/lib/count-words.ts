// Every count the web app shows, in one place: numbers with the separators of English ("1,871") and the
// word that goes with them chosen by Intl's plural rules ("1 Follower", "2 Followers"), never by hand.
// The interface is in English, so both use English rules whatever the browser's language.

const numbers = new Intl.NumberFormat('en');
const plurals = new Intl.PluralRules('en');

/** "1,871". */
export const formatCount = (count: number) => numbers.format(count);

/** The word for this many: `one` for 1, `other` for 0, 2, 1,871... */
export const wordFor = (count: number, one: string, other: string) =>
  plurals.select(count) === 'one' ? one : other;

/** "1 Follower", "1,871 Followers". */
export const countWords = (count: number, one: string, other: string) =>
  `${formatCount(count)} ${wordFor(count, one, other)}`;
