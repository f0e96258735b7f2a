import { limits } from '../../shared/limits.js';
import type { Db } from '../db/client.js';
import { commentRowsBelow } from './card-json.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { requirePost } from './posts.js';
import type { CommentView, Page } from './views.js';

/** A key above every comment: the first page starts below it. */
const top: [number, string] = [Number.MAX_SAFE_INTEGER, ''];

/** All comments of one post, newest first, a page at a time. */
export function commentsPage(db: Db, postId: string, cursor?: string | null): Page<CommentView> {
  requirePost(db, postId);
  const below = cursor ? decodeCursor<[number, string]>(cursor, ['number', 'string']) : top;
  const rows = commentRowsBelow(db, postId, below);
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  return {
    items: items.map((row) => row.view),
    nextCursor: rows.length > limits.pageSize && last ? encodeCursor(last.key) : null,
  };
}
