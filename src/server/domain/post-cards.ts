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
const score = sql`(${posts.likeCount} + ${posts.commentCount})`;
const orders = {
  latest: {
    by: [desc(posts.createdAt), desc(posts.id)],
    shape: ['number', 'string'] as ('number' | 'string')[],
    after: (key: (string | number)[]) => sql`(${posts.createdAt}, ${posts.id}) < (${key[0]}, ${key[1]})`,
    keyOf: (row: CardRow) => [row.createdAt, row.id],
  },
  // PRODUCT.md "Feeds": likeCount + comment count, highest first, newest first on ties.
  trending: {
    by: [desc(score), desc(posts.createdAt), desc(posts.id)],
    shape: ['number', 'number', 'string'] as ('number' | 'string')[],
    after: (key: (string | number)[]) =>
      sql`(${score}, ${posts.createdAt}, ${posts.id}) < (${key[0]}, ${key[1]}, ${key[2]})`,
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

/**
 * The posts that can be on this page of my home feed: for me and each member I follow, at most one page of
 * their own posts, each read from their index (posts_author_created_idx or posts_author_score_idx). A page
 * then sorts at most (followed + 1) x 21 posts, however many posts those members have ever written.
 * The innermost `posts` is unaliased on purpose: it shadows the outer one, so the order's columns mean it.
 */
function homeCandidates(viewerId: string, mode: Mode, cursor?: string | null): SQL {
  const order = orders[mode];
  const after = cursor ? order.after(decodeCursor(cursor, order.shape)) : sql`1 = 1`;
  const authors = sql`select ${follows.followeeId} as author from ${follows} where ${follows.followerId} = ${viewerId} union all select ${viewerId}`;
  const theirPage = sql`select ${posts.id} from ${posts} where ${posts.authorId} = authors.author and ${after} order by ${sql.join(order.by, sql`, `)} limit ${limits.pageSize + 1}`;
  return sql`${posts.id} in (select candidate.id from (${authors}) as authors join ${posts} as candidate on candidate.id in (${theirPage}))`;
}

/** Home: my own posts and those of the people I follow. */
export function homeFeedPage(
  db: Db,
  viewerId: string,
  input: { mode: Mode; cursor?: string | null },
): Page<PostCard> {
  return pageOf(db, viewerId, input.mode, homeCandidates(viewerId, input.mode, input.cursor), input.cursor);
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
