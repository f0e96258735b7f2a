import { desc, eq, sql } from 'drizzle-orm';
import { limits } from '../../shared/limits.js';
import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
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

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  text: comments.text,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  author: publicUserColumns,
};

const toView = (row: CommentRow): CommentView => ({
  ...row,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

/**
 * The latest comments of each post, newest first, in one query for the whole page of posts. Each post's
 * comments are read from its index and stop at 4, so a post with thousands of comments costs the same.
 */
const latestComments = preparedOnce((db) => {
  const newestFirst = [desc(comments.createdAt), desc(comments.id)];
  const theirLatest = sql`select ${comments.id} from ${comments} where ${comments.postId} = page_post.value order by ${sql.join(newestFirst, sql`, `)} limit ${limits.latestComments}`;
  return db
    .select(commentColumns)
    .from(sql`json_each(${sql.placeholder('postIds')}) as page_post`)
    .innerJoin(comments, sql`${comments.id} in (${theirLatest})`)
    .innerJoin(users, eq(users.id, comments.authorId))
    .orderBy(comments.postId, ...newestFirst)
    .prepare();
});

/** Posts without comments are left out of the query: on most pages that is most of them. */
export function latestCommentsByPost(db: Db, posts: { id: string; commentCount: number }[]) {
  const byPost = new Map<string, CommentView[]>();
  const commented = posts.filter((post) => post.commentCount > 0).map((post) => post.id);
  if (commented.length === 0) return byPost;
  for (const row of latestComments(db).all({ postIds: JSON.stringify(commented) })) {
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
    .select(commentColumns)
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
