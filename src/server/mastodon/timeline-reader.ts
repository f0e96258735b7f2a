import type { FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '../../shared/limits.js';
import type { KeyRow, SortKey, Store } from '../store/store.js';
import { postStatus, reblogStatus, type MastodonStatus } from './entities/status.js';
import { encodeId, type DecodedId, type IdKind } from './ids.js';
import { setLinkHeader, type PageQuery } from './paging.js';
import { statusCards, statusContext } from './statuses-view.js';

// A Mastodon timeline over one of Realm's feeds (docs/mastodon-api.md, "Pages"). A feed answers pages of 20
// by keyset, key [time, post id]; an id of ours holds the same two, so `max_id` is the key to read below and
// the `Link` header's ids are the keys of the first and last items read. Up to `limit` (at most 40) is read
// in pages of 20; items a feed marks skip (docs/decisions/0011-boosts-in-the-home-feed.md) are passed over
// and still move the key, so a page may come back short but the next one neither repeats nor skips. A home
// page so reads exactly what the web app's page reads (docs/mastodon-api.md, "Pages").

type Key = [number, string];
export type FeedRead = (key: SortKey | null) => Promise<KeyRow[]>;

const keyOf = (id: DecodedId): Key => [id.time, id.uuid];
const below = (a: Key, b: Key) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

type Taken = { row: KeyRow; key: Key };
type Rows = { taken: Taken[]; first: Taken | null; last: Taken | null; more: boolean };

/**
 * How many of Realm's pages of 20 a `min_id` page reads at most, looking down for the id: 200 items, ten
 * statements of a feed's index entries, a few milliseconds. An app away for longer than that is answered
 * the oldest items read and pages the gap below them with `max_id`, as after any gap.
 */
export const minIdPages = 10;

/**
 * `max_id` and `since_id`: the newest items below max_id (or the top), down to since_id, newest first. The
 * Link ids are the first and last items read, skipped ones included, so the next page starts where this
 * one stopped reading.
 */
async function readDown(read: FeedRead, page: PageQuery): Promise<Rows> {
  const floor = page.minId ? keyOf(page.minId) : null;
  const taken: Taken[] = [];
  let key: Key | null = page.maxId ? keyOf(page.maxId) : null;
  let first: Taken | null = null;
  let last: Taken | null = null;
  let more = true;
  // As many of Realm's pages as the limit asks for, as the web app reads them: a page with skipped items
  // comes back short, as the web app's does. Only a page that would show nothing reads on, a little.
  const passes = Math.ceil(page.limit / limits.pageSize);
  read: for (let pass = 0; pass < passes || (taken.length === 0 && pass < passes + 2); pass++) {
    const rows = await read(key);
    const window = rows.slice(0, limits.pageSize);
    for (const row of window) {
      const rowKey = JSON.parse(row[1]) as Key;
      if (floor && !below(floor, rowKey)) {
        more = false;
        break read;
      }
      first ??= { row, key: rowKey };
      last = { row, key: rowKey };
      if (!row[3]) taken.push({ row, key: rowKey });
      if (taken.length === page.limit) break read;
    }
    if (rows.length <= limits.pageSize) {
      more = false;
      break;
    }
    key = last?.key ?? key;
  }
  return { taken, first, last, more };
}

/**
 * `min_id`: the `limit` items just above min_id, newest first. Realm's feeds read only downwards, so this
 * reads from the top (or max_id) down to min_id, at most `minIdPages` pages, and answers the last `limit`
 * items read; the Link ids are those items', so following `prev` walks up to the newest with no gap and no
 * repeat. Read every page as the web app does from the top, so skipped items are the same as there.
 */
async function readUp(read: FeedRead, page: PageQuery, floor: Key): Promise<Rows> {
  const taken: Taken[] = [];
  let key: Key | null = page.maxId ? keyOf(page.maxId) : null;
  let reachedFloor = false;
  let ended = false;
  for (let pass = 0; pass < minIdPages && !reachedFloor && !ended; pass++) {
    const rows = await read(key);
    for (const row of rows.slice(0, limits.pageSize)) {
      const rowKey = JSON.parse(row[1]) as Key;
      if (!below(floor, rowKey)) {
        reachedFloor = true;
        break;
      }
      key = rowKey;
      if (!row[3]) taken.push({ row, key: rowKey });
    }
    ended = rows.length <= limits.pageSize;
  }
  const answered = taken.slice(-page.limit);
  // Below the answer lies min_id's item, or, when the bound stopped the read, the gap.
  const more = reachedFloor || !ended;
  return { taken: answered, first: answered[0] ?? null, last: answered.at(-1) ?? null, more };
}

const readRows = (read: FeedRead, page: PageQuery) =>
  page.fromOldest && page.minId ? readUp(read, page, keyOf(page.minId)) : readDown(read, page);

/** A timeline page as statuses, with its Link header set. `filter` drops statuses after the read. */
export async function sendTimeline(
  deps: { store: Store },
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    viewerId: string | null;
    origin: string;
    page: PageQuery;
    read: FeedRead;
    onlyMedia?: boolean;
    /** The kind of the Link header's ids when they are not the statuses' own (favourites: the like's). */
    linkKind?: IdKind;
  },
) {
  const { viewerId, origin, page } = options;
  const { taken, first, last, more } = await readRows(options.read, page);
  const boosters = taken.some(({ row }) => row[2]) ? taken.map(({ row }) => row[2] ?? null) : [];
  const cards = await statusCards(
    deps.store,
    viewerId,
    taken.map(({ row }) => row[0]),
    boosters,
  );
  const shown = options.onlyMedia ? cards.filter((card) => card.media.length > 0) : cards;
  const ctx = await statusContext(deps, viewerId, origin, shown);
  const byId = new Map(shown.map((card) => [card.id, card]));
  const statuses: MastodonStatus[] = [];
  for (const { row, key } of taken) {
    const card = byId.get(row[0]);
    if (!card) continue;
    statuses.push(
      row[2] && card.boostedBy ? reblogStatus(ctx, card, card.boostedBy, key[0]) : postStatus(ctx, card),
    );
  }
  if (first && last) {
    const idOf = ({ row, key }: Taken) =>
      encodeId(options.linkKind ?? (row[2] ? 'boost' : 'post'), key[0], key[1]);
    setLinkHeader(reply, request, origin, [idOf(first), idOf(last)], more);
  }
  return statuses;
}
