import { limits } from '../../shared/limits.js';
import type { Store } from '../store/store.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { requirePostExists } from './posts.js';
import type { Page, ThreadComment } from './views.js';

/** A key below every comment: the first page starts above it. */
const bottom: [number, string] = [Number.MIN_SAFE_INTEGER, ''];

/**
 * A post's own page (issue 16): all its comments, oldest first so a conversation reads in order, a page at
 * a time, each with its score and the viewer's vote.
 */
export async function commentsPage(
  store: Store,
  viewerId: string | null,
  postId: string,
  cursor?: string | null,
): Promise<Page<ThreadComment>> {
  const above = cursor ? decodeCursor<[number, string]>(cursor, ['number', 'string']) : bottom;
  const rows = await store.read.cards.thread(viewerId, postId, above);
  // A comment is deleted with its post, so comments say the post exists: a page is one statement, and only
  // an empty one asks whether the post is there at all.
  if (rows.length === 0) await requirePostExists(store, postId);
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  return {
    items: items.map((row) => JSON.parse(row.json) as ThreadComment),
    nextCursor: rows.length > limits.pageSize && last ? encodeCursor([last.createdAt, last.id]) : null,
  };
}
