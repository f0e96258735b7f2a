import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { limits } from '../../shared/limits.js';
import type { Db } from '../db/client.js';
import { inList, preparedOnce } from '../db/prepared.js';
import { bookmarks, follows, postReactions, posts, users } from '../db/schema.js';
import { findUserIdByUsername } from './auth.js';
import { publicUserColumns } from './columns.js';
import { latestCommentsByPost } from './comment-views.js';
import { decodeCursor, encodeCursor, type Cursor } from './cursor.js';
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

const myReactions = preparedOnce((db) =>
  db
    .select({ postId: postReactions.postId, kind: postReactions.kind })
    .from(postReactions)
    .where(
      and(eq(postReactions.userId, sql.placeholder('viewerId')), inList(postReactions.postId, 'postIds')),
    )
    .prepare(),
);
const myBookmarks = preparedOnce((db) =>
  db
    .select({ postId: bookmarks.postId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, sql.placeholder('viewerId')), inList(bookmarks.postId, 'postIds')))
    .prepare(),
);

/** What a card shows beyond the post row: my like and bookmark, the latest comments. Three queries a page. */
function hydrate(db: Db, viewerId: string | null, rows: CardRow[]): PostCard[] {
  const reactions = new Map<string, 'like' | 'dislike'>();
  const marked = new Set<string>();
  if (viewerId && rows.length > 0) {
    const postIds = JSON.stringify(rows.map((row) => row.id));
    for (const row of myReactions(db).all({ viewerId, postIds })) reactions.set(row.postId, row.kind);
    for (const row of myBookmarks(db).all({ viewerId, postIds })) marked.add(row.postId);
  }
  const comments = latestCommentsByPost(db, rows);
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

function toPage(db: Db, viewerId: string | null, rows: CardRow[], keyOf: (row: CardRow) => Cursor) {
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  return {
    items: hydrate(db, viewerId, items),
    nextCursor: rows.length > limits.pageSize && last ? encodeCursor(keyOf(last)) : null,
  };
}

type Mode = 'latest' | 'trending';

// The two orders of a feed, by their sort key's columns. A page continues below a cursor, the key of the
// last post shown; the first page starts below `top`, a key above every post, so one prepared statement
// serves every page.
const orders = {
  latest: {
    key: [posts.createdAt, posts.id],
    shape: ['number', 'string'] as ('number' | 'string')[],
    top: [Number.MAX_SAFE_INTEGER, ''] as Cursor,
    keyOf: (row: CardRow): Cursor => [row.createdAt, row.id],
  },
  // PRODUCT.md "Feeds": likeCount + comment count, highest first, newest first on ties.
  trending: {
    key: [posts.score, posts.createdAt, posts.id],
    shape: ['number', 'number', 'string'] as ('number' | 'string')[],
    top: [Number.MAX_SAFE_INTEGER, 0, ''] as Cursor,
    keyOf: (row: CardRow): Cursor => [row.likeCount + row.commentCount, row.createdAt, row.id],
  },
};

/** The cursor's key as placeholder values `k0`, `k1`, ... */
function keyValues(mode: Mode, cursor: string | null | undefined) {
  const order = orders[mode];
  const key = cursor ? decodeCursor(cursor, order.shape) : order.top;
  return Object.fromEntries(key.map((value, i) => [`k${i}`, value]));
}

/** The sort key's columns of an aliased `posts`: its first, `(key) < (cursor)`, and the key newest first. */
function keySql(mode: Mode) {
  const names = orders[mode].key.map((column) => column.name);
  const cursor = names.map((_, i) => sql.placeholder(`k${i}`));
  return {
    lead: (alias: string) => sql.raw(`${alias}.${names[0]}`),
    below: (alias: string) =>
      sql`(${sql.raw(names.map((name) => `${alias}.${name}`).join(', '))}) < (${sql.join(cursor, sql`, `)})`,
    newestFirst: (alias: string) => sql.raw(names.map((name) => `${alias}.${name} desc`).join(', ')),
  };
}

const orderOf = (mode: Mode) => orders[mode].key.map((column) => desc(column));

const pageQuery = (db: Db, mode: Mode, filter?: SQL) =>
  selectCards(db)
    .where(and(filter, keySql(mode).below('posts')))
    .orderBy(...orderOf(mode))
    .limit(limits.pageSize + 1)
    .prepare();

/** One prepared query per feed order. */
const perMode = <T>(build: (db: Db, mode: Mode) => T) => ({
  latest: preparedOnce((db) => build(db, 'latest')),
  trending: preparedOnce((db) => build(db, 'trending')),
});

const exploreQuery = preparedOnce((db) => pageQuery(db, 'latest'));
const profileQuery = preparedOnce((db) =>
  pageQuery(db, 'latest', sql`${posts.authorId} = ${sql.placeholder('authorId')}`),
);

/**
 * The ids of a page of my home feed: my posts and those of the people I follow, below the cursor. With
 * 200 followed members and a million posts, sorting their posts would read thousands of rows, so the page
 * is bounded first, from index entries only:
 * - `firsts`: each author's first key below the cursor (one index seek each);
 * - `floor`: the 21st highest of those leading keys. At least 21 posts reach it, so no post below it can
 *   be on the page, and an author whose first key is below it has nothing to show;
 * - each remaining author is read from the floor, or from their own 21st key if that is higher, because
 *   one author can fill at most the whole page.
 * A page so reads a few index entries per followed member, however many posts they have written.
 */
function homePageIds(mode: Mode) {
  const { lead, below, newestFirst } = keySql(mode);
  const nth = (author: SQL, offset: number) =>
    sql`(select ${lead('t')} from ${posts} as t where t.author_id = ${author} and ${below('t')} order by ${newestFirst('t')} limit 1 offset ${sql.raw(String(offset))})`;
  const viewer = sql.placeholder('viewerId');
  const authors = sql`select ${follows.followeeId} as author from ${follows} where ${follows.followerId} = ${viewer} union all select ${viewer}`;
  return sql`with firsts(author, k) as materialized (select author, ${nth(sql.raw('author'), 0)} from (${authors})),
    floor(k) as materialized (select coalesce((select k from firsts where k is not null order by k desc limit 1 offset ${sql.raw(String(limits.pageSize))}), -1))
    select c.id from firsts as f join ${posts} as c on c.author_id = f.author
      and ${lead('c')} >= max((select k from floor), coalesce(${nth(sql.raw('f.author'), limits.pageSize)}, -1))
      and ${below('c')}
    where f.k >= (select k from floor)
    order by ${newestFirst('c')} limit ${sql.raw(String(limits.pageSize + 1))}`;
}

// The ids come first, on their own: inside an `in (...)` SQLite plans the same query twice as slowly. They
// are already below the cursor, so the cards query only fetches and orders them.
const homeIds = perMode((db, mode) =>
  db
    .select({ id: sql<string>`id` })
    .from(sql`(${homePageIds(mode)})`)
    .prepare(),
);
const cardsByIds = perMode((db, mode) =>
  selectCards(db)
    .where(inList(posts.id, 'postIds'))
    .orderBy(...orderOf(mode))
    .prepare(),
);

/** Home: my own posts and those of the people I follow. */
export function homeFeedPage(
  db: Db,
  viewerId: string,
  input: { mode: Mode; cursor?: string | null },
): Page<PostCard> {
  const ids = homeIds[input.mode](db).all({ viewerId, ...keyValues(input.mode, input.cursor) });
  const rows = cardsByIds[input.mode](db).all({ postIds: JSON.stringify(ids.map((row) => row.id)) });
  return toPage(db, viewerId, rows, orders[input.mode].keyOf);
}

export function explorePage(db: Db, viewerId: string | null, cursor?: string | null): Page<PostCard> {
  const rows = exploreQuery(db).all(keyValues('latest', cursor));
  return toPage(db, viewerId, rows, orders.latest.keyOf);
}

export function userPostsPage(
  db: Db,
  viewerId: string | null,
  username: string,
  cursor?: string | null,
): Page<PostCard> {
  const authorId = findUserIdByUsername(db, username);
  if (!authorId) throw notFound(messages.userNotFound);
  const rows = profileQuery(db).all({ authorId, ...keyValues('latest', cursor) });
  return toPage(db, viewerId, rows, orders.latest.keyOf);
}

const cardQuery = preparedOnce((db) =>
  selectCards(db)
    .where(eq(posts.id, sql.placeholder('postId')))
    .prepare(),
);

export function postCard(db: Db, viewerId: string | null, postId: string): PostCard {
  const row = cardQuery(db).get({ postId });
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
