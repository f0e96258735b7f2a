import { limits } from '../../shared/limits.js';
import type { FeedMode, KeyRow, SortKey, Store } from '../store/store.js';
import { findUserIdByUsername } from './auth.js';
import { decodeCursor, encodeCursor, type Cursor } from './cursor.js';
import { messages, notFound } from './errors.js';
import { withJsonField } from './json-text.js';
import type { Page, PostCard } from './views.js';

// A page is two statements: one finds its posts in the feed's order, with each post's sort key; the other
// writes their cards as JSON (store: cards.json).

/** The shapes of the feeds' sort keys: Latest's and the bookmarks' `[createdAt, id]`, Trending's with score. */
const keyShapes: Record<FeedMode, ('number' | 'string')[]> = {
  latest: ['number', 'string'],
  trending: ['number', 'number', 'string'],
};

const keyOf = (mode: FeedMode, cursor: string | null | undefined): SortKey | null =>
  cursor ? decodeCursor(cursor, keyShapes[mode]) : null;

/**
 * The page's cards, and a cursor (the key of its last item) when there are more. Items marked skip (the Latest
 * home feed's: docs/decisions/0011-boosts-in-the-home-feed.md) are not shown but count for the cursor. The
 * cards stay JSON text until JavaScript reads them (json-text.ts), so a direct tRPC answer writes the
 * database's text as it is.
 */
export async function toPage<Extra extends object>(
  store: Store,
  viewerId: string | null,
  rows: KeyRow[],
  extra = {} as Extra,
): Promise<Page<PostCard> & Extra> {
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  const shown = items.filter(([, , , skip]) => !skip);
  const boosters = shown.some(([, , booster]) => booster)
    ? shown.map(([, , booster]) => booster ?? null)
    : [];
  const cards = await store.read.cards.json(
    viewerId,
    shown.map(([id]) => id),
    boosters,
  );
  const nextCursor =
    rows.length > limits.pageSize && last ? encodeCursor(JSON.parse(last[1]) as Cursor) : null;
  return Object.assign(withJsonField<object, 'items', PostCard[]>({}, 'items', cards), { nextCursor }, extra);
}

/** Home: my own posts and those of the people I follow, and in Latest the posts we boosted. */
export async function homeFeedPage(
  store: Store,
  viewerId: string,
  input: { mode: FeedMode; cursor?: string | null },
): Promise<Page<PostCard>> {
  const rows = await store.read.feeds.home(viewerId, input.mode, keyOf(input.mode, input.cursor));
  return toPage(store, viewerId, rows);
}

export async function explorePage(
  store: Store,
  viewerId: string | null,
  cursor?: string | null,
): Promise<Page<PostCard>> {
  return toPage(store, viewerId, await store.read.feeds.explore(viewerId, keyOf('latest', cursor)));
}

export async function userPostsPage(
  store: Store,
  viewerId: string | null,
  username: string,
  cursor?: string | null,
): Promise<Page<PostCard>> {
  const authorId = await findUserIdByUsername(store, username);
  if (!authorId) throw notFound(messages.userNotFound);
  return toPage(
    store,
    viewerId,
    await store.read.feeds.byAuthor(viewerId, authorId, keyOf('latest', cursor)),
  );
}

/** The cards of these posts, in this order; a post deleted meanwhile is left out. */
export async function cardsOf(store: Store, viewerId: string | null, postIds: string[]): Promise<PostCard[]> {
  return JSON.parse(await store.read.cards.json(viewerId, postIds)) as PostCard[];
}

export async function postCard(store: Store, viewerId: string | null, postId: string): Promise<PostCard> {
  const [card] = await cardsOf(store, viewerId, [postId]);
  if (!card) throw notFound(messages.postNotFound);
  return card;
}

/** My bookmarks, most recently bookmarked first; `total` counts them all. */
export async function bookmarksPage(
  store: Store,
  viewerId: string,
  cursor?: string | null,
): Promise<Page<PostCard> & { total: number }> {
  const [rows, total] = await Promise.all([
    store.read.feeds.bookmarks(viewerId, keyOf('latest', cursor)),
    store.read.feeds.bookmarkCount(viewerId),
  ]);
  return toPage(store, viewerId, rows, { total });
}

/** My likes, most recently liked first (the Mastodon API's favourites). */
export async function likesPage(
  store: Store,
  viewerId: string,
  cursor?: string | null,
): Promise<Page<PostCard>> {
  return toPage(store, viewerId, await store.read.feeds.likes(viewerId, keyOf('latest', cursor)));
}

/** A hashtag's feed: the posts whose text has the (folded) tag, newest first. */
export async function tagPage(
  store: Store,
  viewerId: string | null,
  tag: string,
  cursor?: string | null,
): Promise<Page<PostCard>> {
  return toPage(store, viewerId, await store.read.feeds.byTag(viewerId, tag, keyOf('latest', cursor)));
}

/**
 * The posts quoting a post, newest first, pages of 20; "not found" when the post is hidden from the reader
 * (docs/decisions/0010-quotes-and-answer-policies.md).
 */
export async function quotesPage(
  store: Store,
  viewerId: string | null,
  postId: string,
  cursor?: string | null,
): Promise<Page<PostCard>> {
  if (!(await store.read.relations.postVisible(viewerId, postId))) throw notFound(messages.postNotFound);
  return toPage(store, viewerId, await store.read.answers.quotes(viewerId, postId, keyOf('latest', cursor)));
}
