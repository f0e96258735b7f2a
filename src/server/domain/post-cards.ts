import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { limits } from '../../shared/limits.js';
import type { Db } from '../db/client.js';
import { bookmarks, follows, postReactions, posts, users } from '../db/schema.js';
import { findUserIdByUsername } from './auth.js';
import { publicUserColumns } from './columns.js';
import { latestCommentsByPost } from './comment-views.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { messages, notFound } from './errors.js';
import { isoTime, type Page, type PostCard } from './views.js';

const cardColumns = {
  id: posts.id,
  content: posts.content,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  author: publicUserColumns,
};

const selectCards = (db: Db) =>
  db.select(cardColumns).from(posts).innerJoin(users, eq(users.id, posts.authorId)).$dynamic();
type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['all']>>[number];

/** What a card shows beyond the post row: my like and bookmark, the latest comments. Three queries a page. */
function hydrate(db: Db, viewerId: string | null, rows: CardRow[]): PostCard[] {
  const ids = rows.map((row) => row.id);
  const reactions = new Map<string, 'like' | 'dislike'>();
  const marked = new Set<string>();
  if (viewerId && ids.length > 0) {
    db.select({ postId: postReactions.postId, kind: postReactions.kind })
      .from(postReactions)
      .where(and(eq(postReactions.userId, viewerId), inArray(postReactions.postId, ids)))
      .all()
      .forEach((row) => reactions.set(row.postId, row.kind));
    db.select({ postId: bookmarks.postId })
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, viewerId), inArray(bookmarks.postId, ids)))
      .all()
      .forEach((row) => marked.add(row.postId));
  }
  const comments = latestCommentsByPost(db, ids);
  return rows.map((row) => ({
    ...row,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    likedByMe: reactions.get(row.id) === 'like',
    dislikedByMe: reactions.get(row.id) === 'dislike',
    bookmarkedByMe: marked.has(row.id),
    latestComments: comments.get(row.id) ?? [],
  }));
}

function toPage(
  db: Db,
  viewerId: string | null,
  rows: CardRow[],
  keyOf: (row: CardRow) => (string | number)[],
) {
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  return {
    items: hydrate(db, viewerId, items),
    nextCursor: rows.length > limits.pageSize && last ? encodeCursor(keyOf(last)) : null,
  };
}

type Mode = 'latest' | 'trending';

// The two orders of a feed, each with the cursor that continues it: the sort key of the last post shown.
const orders = {
  latest: {
    by: [desc(posts.createdAt), desc(posts.id)],
    shape: ['number', 'string'] as ('number' | 'string')[],
    after: (key: (string | number)[]) => sql`(${posts.createdAt}, ${posts.id}) < (${key[0]}, ${key[1]})`,
    keyOf: (row: CardRow) => [row.createdAt, row.id],
  },
  // PRODUCT.md "Feeds": likeCount + comment count, highest first, newest first on ties.
  trending: {
    by: [desc(posts.score), desc(posts.createdAt), desc(posts.id)],
    shape: ['number', 'number', 'string'] as ('number' | 'string')[],
    after: (key: (string | number)[]) =>
      sql`(${posts.score}, ${posts.createdAt}, ${posts.id}) < (${key[0]}, ${key[1]}, ${key[2]})`,
    keyOf: (row: CardRow) => [row.likeCount + row.commentCount, row.createdAt, row.id],
  },
};

/** One page of the posts `filter` selects, in `mode` order, after `cursor`. */
function pageOf(
  db: Db,
  viewerId: string | null,
  mode: Mode,
  filter: SQL | undefined,
  cursor?: string | null,
) {
  const order = orders[mode];
  const after = cursor ? order.after(decodeCursor(cursor, order.shape)) : undefined;
  const rows = selectCards(db)
    .where(and(filter, after))
    .orderBy(...order.by)
    .limit(limits.pageSize + 1)
    .all();
  return toPage(db, viewerId, rows, order.keyOf);
}

// The sort key of each order as columns of an aliased `posts`, and a key lower than any real one.
const keyColumns = {
  latest: (alias: string) => [`${alias}.created_at`, `${alias}.id`],
  trending: (alias: string) => [`${alias}.score`, `${alias}.created_at`, `${alias}.id`],
};
const lowestKey = { latest: sql`-1, ''`, trending: sql`-1, -1, ''` };

/**
 * The 21 ids of this page of my home feed. For me and each member I follow, the page can only hold their
 * newest (or highest-scoring) 21 posts after the cursor, so each author's range of their own index is read
 * down to their 21st key and no further: only index entries are read and sorted, never whole posts, and a
 * page costs the same however many posts those members have ever written.
 */
function homePageIds(viewerId: string, mode: Mode, cursor?: string | null): SQL {
  const order = orders[mode];
  const key = cursor ? decodeCursor(cursor, order.shape) : null;
  const columns = (alias: string) => sql.raw(keyColumns[mode](alias).join(', '));
  const newestFirst = (alias: string) =>
    sql.raw(
      keyColumns[mode](alias)
        .map((c) => `${c} desc`)
        .join(', '),
    );
  const byPosition = sql.raw(
    keyColumns[mode]('x')
      .map((_, i) => `${i + 1} desc`)
      .join(', '),
  );
  const beforeCursor = (alias: string) =>
    key
      ? sql`and (${columns(alias)}) < (${sql.join(
          key.map((v) => sql`${v}`),
          sql`, `,
        )})`
      : sql``;
  const authors = sql`select ${follows.followeeId} as author from ${follows} where ${follows.followerId} = ${viewerId} union all select ${viewerId}`;
  const twentyFirst = sql`select ${columns('t')} from ${posts} as t where t.author_id = authors.author ${beforeCursor('t')} order by ${newestFirst('t')} limit 1 offset ${limits.pageSize}`;
  const floor = sql`select * from (select * from (${twentyFirst}) union all select ${lowestKey[mode]}) order by ${byPosition} limit 1`;
  return sql`select c.id from (${authors}) as authors join ${posts} as c on c.author_id = authors.author and (${columns('c')}) >= (${floor}) ${beforeCursor('c')} order by ${newestFirst('c')} limit ${limits.pageSize + 1}`;
}

/** Home: my own posts and those of the people I follow. */
export function homeFeedPage(
  db: Db,
  viewerId: string,
  input: { mode: Mode; cursor?: string | null },
): Page<PostCard> {
  const ids = homePageIds(viewerId, input.mode, input.cursor);
  // The ids already start after the cursor; the outer query only orders and fetches those 21 posts.
  return pageOf(db, viewerId, input.mode, sql`${posts.id} in (${ids})`);
}

export function explorePage(db: Db, viewerId: string | null, cursor?: string | null): Page<PostCard> {
  return pageOf(db, viewerId, 'latest', undefined, cursor);
}

export function userPostsPage(
  db: Db,
  viewerId: string | null,
  username: string,
  cursor?: string | null,
): Page<PostCard> {
  const authorId = findUserIdByUsername(db, username);
  if (!authorId) throw notFound(messages.userNotFound);
  return pageOf(db, viewerId, 'latest', eq(posts.authorId, authorId), cursor);
}

export function postCard(db: Db, viewerId: string | null, postId: string): PostCard {
  const row = selectCards(db).where(eq(posts.id, postId)).get();
  if (!row) throw notFound(messages.postNotFound);
  const [card] = hydrate(db, viewerId, [row]);
  return card!;
}

/** My bookmarks, most recently bookmarked first; the cursor is (bookmarkedAt, postId). `total` counts them all. */
export function bookmarksPage(
  db: Db,
  viewerId: string,
  cursor?: string | null,
): Page<PostCard> & { total: number } {
  const after = cursor ? decodeCursor<[number, string]>(cursor, ['number', 'string']) : null;
  const rows = db
    .select({ ...cardColumns, bookmarkedAt: bookmarks.createdAt })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        eq(bookmarks.userId, viewerId),
        after ? sql`(${bookmarks.createdAt}, ${bookmarks.postId}) < (${after[0]}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
    .limit(limits.pageSize + 1)
    .all();
  const bookmarkedAt = new Map(rows.map((row) => [row.id, row.bookmarkedAt]));
  const total = db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.userId, viewerId)).get()?.n ?? 0;
  return { ...toPage(db, viewerId, rows, (row) => [bookmarkedAt.get(row.id) ?? 0, row.id]), total };
}
