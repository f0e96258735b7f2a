import { desc, eq, inArray, sql } from 'drizzle-orm';
import { limits } from '../../shared/limits.js';
import type { Db } from '../db/client.js';
import { comments, users } from '../db/schema.js';
import { publicUserColumns } from './columns.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { requirePost } from './posts.js';
import { isoTime, type CommentView, type Page } from './views.js';

type CommentRow = {
  id: string;
  postId: string;
  text: string;
  createdAt: number;
  updatedAt: number;
  author: CommentView['author'];
};

const toView = (row: CommentRow): CommentView => ({
  ...row,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

/** The latest comments of each post, newest first, in one query for the whole page of posts. */
export function latestCommentsByPost(db: Db, postIds: string[]): Map<string, CommentView[]> {
  const byPost = new Map<string, CommentView[]>();
  if (postIds.length === 0) return byPost;
  const ranked = db
    .select({
      id: comments.id,
      postId: comments.postId,
      authorId: comments.authorId,
      text: comments.text,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      rank: sql<number>`row_number() over (partition by ${comments.postId} order by ${comments.createdAt} desc, ${comments.id} desc)`.as(
        'comment_rank',
      ),
    })
    .from(comments)
    .where(inArray(comments.postId, postIds))
    .as('ranked');
  const rows = db
    .select({
      id: ranked.id,
      postId: ranked.postId,
      text: ranked.text,
      createdAt: ranked.createdAt,
      updatedAt: ranked.updatedAt,
      author: publicUserColumns,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.authorId))
    .where(sql`comment_rank <= ${limits.latestComments}`)
    .orderBy(ranked.postId, sql`comment_rank`)
    .all();
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push(toView(row));
    byPost.set(row.postId, list);
  }
  return byPost;
}

/** All comments of one post, newest first, a page at a time. */
export function commentsPage(db: Db, postId: string, cursor?: string | null): Page<CommentView> {
  requirePost(db, postId);
  const after = cursor ? decodeCursor<[number, string]>(cursor, ['number', 'string']) : null;
  const rows = db
    .select({
      id: comments.id,
      postId: comments.postId,
      text: comments.text,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      author: publicUserColumns,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(
      after
        ? sql`${comments.postId} = ${postId} and (${comments.createdAt}, ${comments.id}) < (${after[0]}, ${after[1]})`
        : eq(comments.postId, postId),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limits.pageSize + 1)
    .all();
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  return {
    items: items.map(toView),
    nextCursor: rows.length > limits.pageSize && last ? encodeCursor([last.createdAt, last.id]) : null,
  };
}
