// Mastodon's ids are strings that sort by time, and apps rely on it: they compare ids to order a timeline
// and to find its gaps (Tusky compares length first, then the text). Realm's ids are random UUIDs, so an
// id here is the time of the thing, the kind of thing and its UUID: `0LQ6VZ4KQ8` + `p` + 32 hex digits.
// All have the same length, so comparing them as text orders them by time, and each decodes to its row
// without a table of its own (docs/decisions/0012-mastodon-client-api.md).
//
// Kinds: a post (`p`), a comment (`c`: a status replying to its post), a boost (`b`: a reblog; the UUID is
// the boosted post's and the time the boost's, which with the post finds the boost), a notification (`n`),
// a favourite (`f`: the like's time and the liked post's UUID; only a page key of /api/v1/favourites, never a
// status, as Mastodon's favourite ids are opaque to apps).

export type IdKind = 'post' | 'comment' | 'boost' | 'notification' | 'favourite';

const kindLetters: Record<IdKind, string> = {
  post: 'p',
  comment: 'c',
  boost: 'b',
  notification: 'n',
  favourite: 'f',
};
const kindOfLetter = new Map(Object.entries(kindLetters).map(([kind, letter]) => [letter, kind as IdKind]));

// Crockford's base32: its digits are in ASCII order, so a fixed-width number sorts as text.
const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const timeWidth = 10; // 50 bits of milliseconds: past the year 10000
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const idPattern = new RegExp(`^[${digits}]{${timeWidth}}[pcbnf][0-9a-f]{32}$`);

export type DecodedId = { kind: IdKind; time: number; uuid: string };

export function encodeTime(ms: number): string {
  let text = '';
  for (let rest = Math.max(0, Math.floor(ms)), i = 0; i < timeWidth; i++, rest = Math.floor(rest / 32)) {
    text = digits[rest % 32]! + text;
  }
  return text;
}

function decodeTime(text: string): number {
  let ms = 0;
  for (const char of text) ms = ms * 32 + digits.indexOf(char);
  return ms;
}

/** The id of a thing of this kind made at `time` (Unix ms, or an ISO date as cards carry it). */
export function encodeId(kind: IdKind, time: number | string, uuid: string): string {
  const ms = typeof time === 'string' ? Date.parse(time) : time;
  return `${encodeTime(ms)}${kindLetters[kind]}${uuid.replaceAll('-', '')}`;
}

const uuidOfHex = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** What an id names, or null for text that is no id of ours (the caller answers 404, as for a missing row). */
export function decodeId(id: string): DecodedId | null {
  if (!idPattern.test(id)) return null;
  const uuid = uuidOfHex(id.slice(timeWidth + 1));
  return { kind: kindOfLetter.get(id[timeWidth]!)!, time: decodeTime(id.slice(0, timeWidth)), uuid };
}

// The page ids of lists of accounts (followers, following, blocks, mutes): the time the follow (or block,
// mute) was made and the other member's UUID, so they sort as Mastodon's follow ids do. Apps never read
// them; they follow the Link header.
const listIdPattern = new RegExp(`^[${digits}]{${timeWidth}}[0-9a-f]{32}$`);

/** A list entry's page id: its time and the member's UUID. */
export const encodeListId = (since: number, uuid: string) =>
  `${encodeTime(since)}${uuid.replaceAll('-', '')}`;

/** The time and member of a list's page id, or null for text that is none. */
export function decodeListId(id: string): [number, string] | null {
  if (!listIdPattern.test(id)) return null;
  return [decodeTime(id.slice(0, timeWidth)), uuidOfHex(id.slice(timeWidth))];
}

/** A Realm UUID as it is (accounts, pictures): those need no order, so their ids are Realm's own. */
export const isUuid = (text: string) => uuidPattern.test(text);
