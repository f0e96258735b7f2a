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

/** Newest first; the cursor is (createdAt, id) of the last post shown. */
function latestPage(db: Db, viewerId: string | null, filter: SQL | undefined, cursor?: string | null) {
  const after = cursor ? decodeCursor<[number, string]>(cursor, ['number', 'string']) : null;
  const rows = selectCards(db)
    .where(
      and(filter, after ? sql`(${posts.createdAt}, ${posts.id}) < (${after[0]}, ${after[1]})` : undefined),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limits.pageSize + 1)
    .all();
  return toPage(db, viewerId, rows, (row) => [row.createdAt, row.id]);
}

/** PRODUCT.md "Feeds": likeCount + comment count, highest first, newest first on ties. */
function trendingPage(db: Db, viewerId: string, filter: SQL, cursor?: string | null) {
  const score = sql`(${posts.likeCount} + ${posts.commentCount})`;
  const after = cursor
    ? decodeCursor<[number, number, string]>(cursor, ['number', 'number', 'string'])
    : null;
  const rows = selectCards(db)
    .where(
      and(
        filter,
        after
          ? sql`(${score}, ${posts.createdAt}, ${posts.id}) < (${after[0]}, ${after[1]}, ${after[2]})`
          : undefined,
      ),
    )
    .orderBy(desc(score), desc(posts.createdAt), desc(posts.id))
    .limit(limits.pageSize + 1)
    .all();
  return toPage(db, viewerId, rows, (row) => [row.likeCount + row.commentCount, row.createdAt, row.id]);
}

/** Home: my own posts and those of the people I follow. */
export function homeFeedPage(
  db: Db,
  viewerId: string,
  input: { mode: 'latest' | 'trending'; cursor?: string | null },
): Page<PostCard> {
  const authors = sql`(select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${viewerId} union all select ${viewerId})`;
  const filter = inArray(posts.authorId, authors);
  return input.mode === 'trending'
    ? trendingPage(db, viewerId, filter, input.cursor)
    : latestPage(db, viewerId, filter, input.cursor);
}

export function explorePage(db: Db, viewerId: string | null, cursor?: string | null): Page<PostCard> {
  return latestPage(db, viewerId, undefined, cursor);
}

export function userPostsPage(
  db: Db,
  viewerId: string | null,
  username: string,
  cursor?: string | null,
): Page<PostCard> {
  const authorId = findUserIdByUsername(db, username);
  if (!authorId) throw notFound(messages.userNotFound);
  return latestPage(db, viewerId, eq(posts.authorId, authorId), cursor);
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
