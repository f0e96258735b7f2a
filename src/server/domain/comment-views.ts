import type { Store } from '../store/store.js';
import { decodeCursor, pageOfJsonRows } from './cursor.js';
import { requireVisiblePost } from './posts.js';
import type { Page, ThreadComment } from './views.js';

/** A key below every comment: the first page starts above it. */
const bottom: [number, string] = [Number.MIN_SAFE_INTEGER, ''];

/**
 * A post's own page: all its comments, oldest first so a conversation reads in order, a page at
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
  // A comment is deleted with its post, so comments say the post exists (and the thread is empty when its
  // author is hidden from the viewer): a page is one statement, and only an empty one asks whether the post
  // is there for the viewer at all.
  if (rows.length === 0) await requireVisiblePost(store, viewerId, postId);
  return pageOfJsonRows(rows, (row) => [row.createdAt, row.id]);
}
