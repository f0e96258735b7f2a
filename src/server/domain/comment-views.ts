import { limits } from '../../shared/limits.js';
import type { Store } from '../store/store.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { requirePostExists } from './posts.js';
import type { CommentView, Page } from './views.js';

/** A key above every comment: the first page starts below it. */
const top: [number, string] = [Number.MAX_SAFE_INTEGER, ''];

/** All comments of one post, newest first, a page at a time. */
export async function commentsPage(
  store: Store,
  postId: string,
  cursor?: string | null,
): Promise<Page<CommentView>> {
  await requirePostExists(store, postId);
  const below = cursor ? decodeCursor<[number, string]>(cursor, ['number', 'string']) : top;
  const rows = await store.read.cards.commentsBelow(postId, below);
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  return {
    items: items.map((row) => JSON.parse(row.json) as CommentView),
    nextCursor: rows.length > limits.pageSize && last ? encodeCursor([last.createdAt, last.id]) : null,
  };
}
