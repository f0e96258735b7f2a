import type { FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '../../shared/limits.js';
import type { PostCard } from '../domain/views.js';
import type { KeyRow, SortKey, Store } from '../store/store.js';
import { postStatus, reblogStatus, type MastodonStatus } from './entities/status.js';
import { encodeId, type DecodedId } from './ids.js';
import { setLinkHeader, type PageQuery } from './paging.js';
import { statusContext } from './statuses-view.js';

// A Mastodon timeline over one of Realm's feeds (docs/mastodon-api.md, "Pages"). A feed answers pages of 20
// by keyset, key [time, post id]; an id of ours holds the same two, so `max_id` is the key to read below and
// the `Link` header's ids are the keys of the first and last items read. Up to `limit` (at most 40) is read
// in pages of 20; items a feed marks skip (docs/decisions/0011-boosts-in-the-home-feed.md) are passed over
// and still move the key, so a page may come back short but the next one neither repeats nor skips.

type Key = [number, string];
export type FeedRead = (key: SortKey | null) => Promise<KeyRow[]>;

const keyOf = (id: DecodedId): Key => [id.time, id.uuid];
const below = (a: Key, b: Key) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
const idOfRow = (row: KeyRow, key: Key) => encodeId(row[2] ? 'boost' : 'post', key[0], key[1]);

type Taken = { row: KeyRow; key: Key };

/**
 * The items of a timeline page, newest first, and the ids the Link header names. `since_id` and `min_id`
 * both answer the newest items down to that id (Realm's feeds read only downwards; the docs say so).
 */
async function readRows(read: FeedRead, page: PageQuery) {
  const floor = page.minId ? keyOf(page.minId) : null;
  const taken: Taken[] = [];
  let key: Key | null = page.maxId ? keyOf(page.maxId) : null;
  let first: { row: KeyRow; key: Key } | null = null;
  let last: { row: KeyRow; key: Key } | null = null;
  let more = true;
  // Enough pages for the limit when nothing is skipped, and one more for skipped items.
  const passes = Math.ceil(page.limit / limits.pageSize) + 1;
  read: for (let pass = 0; pass < passes; pass++) {
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
  },
) {
  const { viewerId, origin, page } = options;
  const { taken, first, last, more } = await readRows(options.read, page);
  const boosters = taken.some(({ row }) => row[2]) ? taken.map(({ row }) => row[2] ?? null) : [];
  const cards =
    taken.length === 0
      ? []
      : (JSON.parse(
          await deps.store.read.cards.json(
            viewerId,
            taken.map(({ row }) => row[0]),
            boosters,
          ),
        ) as PostCard[]);
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
    setLinkHeader(reply, request, origin, [idOfRow(first.row, first.key), idOfRow(last.row, last.key)], more);
  }
  return statuses;
}
