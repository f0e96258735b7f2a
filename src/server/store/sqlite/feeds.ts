import { and, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import { homeLatest } from './home-latest.js';
import { hiddenFrom } from './relations.js';
import { bookmarks, follows, postReactions, posts, postTags } from './schema.js';
import type { FeedMode, KeyRow, Reads, SortKey } from '../store.js';

// Each query finds a page's posts in the feed's order (a page and one more, to know whether more follow),
// from index entries, with each post's sort key as a JSON array. None of a page's posts is by an author
// hidden from the viewer (relations.ts), so a page is whole however many are hidden. Rows come as arrays
// (`.values()`): Drizzle's `.all()` maps each row into an object, 8 to 20 µs a page, up to a third of
// explore's query.

/** A page query's rows: each query below selects exactly `{ id, key }`, in that order. */
const keyRows = (rows: unknown[][]) => rows as KeyRow[];

/** The first page of a feed, or a page below a cursor. */
type HomePage = 'first' | 'next';

// The two orders of a feed, by their sort key's columns. A page continues below a cursor, the key of the
// last post shown; the first page starts below `top`, a key above every post, so one prepared statement
// serves every page.
const orders = {
  latest: { key: [posts.createdAt, posts.id], top: [Number.MAX_SAFE_INTEGER, ''] },
  // Trending (docs/api.md, "tRPC: /trpc"): likeCount + comment count, highest first, newest first on ties.
  trending: { key: [posts.score, posts.createdAt, posts.id], top: [Number.MAX_SAFE_INTEGER, 0, ''] },
};

/** The key as placeholder values `k0`, `k1`, ... */
const keyValues = (mode: FeedMode, key: SortKey | null) =>
  Object.fromEntries((key ?? orders[mode].top).map((value, i) => [`k${i}`, value]));

/**
 * The sort key's columns of an aliased `posts`: its first, `(key) < (cursor)`, the key newest first, and the
 * key as a JSON array (a page's cursor).
 */
function keySql(mode: FeedMode) {
  const names = orders[mode].key.map((column) => column.name);
  const cursor = names.map((_, i) => sql.placeholder(`k${i}`));
  const columns = (alias: string) => names.map((name) => `${alias}.${name}`);
  return {
    lead: (alias: string) => sql.raw(columns(alias)[0]!),
    below: (alias: string) => sql`(${sql.raw(columns(alias).join(', '))}) < (${sql.join(cursor, sql`, `)})`,
    newestFirst: (alias: string) =>
      sql.raw(
        columns(alias)
          .map((column) => `${column} desc`)
          .join(', '),
      ),
    keyJson: (alias: string) => sql<string>`json_array(${sql.raw(columns(alias).join(', '))})`,
  };
}

const pageQuery = (db: Db, mode: FeedMode, filter?: SQL) => {
  const { below, newestFirst, keyJson } = keySql(mode);
  return db
    .select({ id: posts.id, key: keyJson('posts') })
    .from(posts)
    .where(and(filter, below('posts')))
    .orderBy(newestFirst('posts'))
    .limit(limits.pageSize + 1)
    .prepare();
};

const viewer = sql.placeholder('viewerId');
/** Whether the author (a column or a parameter) is not hidden from the viewer. */
const shown = (author: SQLWrapper) => sql`${author} not in (${hiddenFrom(viewer)})`;

// Explore leaves out limited members too: read on each post's author, by the users' key, as
// nothing indexes who is limited.
const exploreQuery = preparedOnce((db) =>
  pageQuery(
    db,
    'latest',
    sql`${shown(posts.authorId)} and (select limited_at from users where id = ${posts.authorId}) is null`,
  ),
);
// One author: whether they are hidden is asked once, not per post.
const profileQuery = preparedOnce((db) => {
  const author = sql.placeholder('authorId');
  return pageQuery(db, 'latest', sql`${posts.authorId} = ${author} and ${shown(sql`${author}`)}`);
});

/**
 * The posts of a page of my home feed, with their keys: my posts and those of the people I follow, below the
 * cursor. With 200 followed members and a million posts, sorting their posts would read thousands of rows,
 * so the page is bounded first, from index entries only:
 * - `firsts`: each author's first key below the cursor (one index seek each);
 * - `floor`: the 21st highest of those leading keys. At least 21 posts reach it, so no post below it can
 *   be on the page, and an author whose first key is below it has nothing to show;
 * - each remaining author is read from the floor, or from their own 21st key if that is higher, because
 *   one author can fill at most the whole page.
 * A page so reads a few index entries per followed member, however many posts they have written.
 *
 * The first page has no cursor, so its statement leaves the condition out rather than comparing every index
 * entry it reads with `top`: in two hundred seeks that comparison was 15 to 18% of the query. (Explore and
 * profiles seek once, and keep one statement.)
 */
function homePageIds(mode: FeedMode, page: HomePage) {
  const { lead, newestFirst, keyJson, below: belowCursor } = keySql(mode);
  const below = page === 'first' ? () => sql`true` : belowCursor;
  const nth = (author: SQL, offset: number) =>
    sql`(select ${lead('t')} from ${posts} as t where t.author_id = ${author} and ${below('t')} order by ${newestFirst('t')} limit 1 offset ${sql.raw(String(offset))})`;
  // The authors I follow, less those hidden from me; blocks end follows, so these are the muted and the
  // suspended. They are left out before the page is bounded: a hidden author's posts must not set the floor.
  const authors = sql`select ${follows.followeeId} as author from ${follows} where ${follows.followerId} = ${viewer}
    and ${shown(follows.followeeId)} union all select ${viewer}`;
  return sql`with firsts(author, k) as materialized (select author, ${nth(sql.raw('author'), 0)} from (${authors})),
    floor(k) as materialized (select coalesce((select k from firsts where k is not null order by k desc limit 1 offset ${sql.raw(String(limits.pageSize))}), -1))
    select c.id as id, ${keyJson('c')} as key from firsts as f join ${posts} as c on c.author_id = f.author
      and ${lead('c')} >= max((select k from floor), coalesce(${nth(sql.raw('f.author'), limits.pageSize)}, -1))
      and ${below('c')}
    where f.k >= (select k from floor)
    order by ${newestFirst('c')} limit ${sql.raw(String(limits.pageSize + 1))}`;
}

const homeQuery = (mode: FeedMode, page: HomePage) =>
  preparedOnce((db) =>
    db
      .select({ id: sql<string>`id`, key: sql<string>`key` })
      .from(sql`(${homePageIds(mode, page)})`)
      .prepare(),
  );

// Latest, with boosts, is home-latest.ts; Trending ranks posts by their own score and leaves boosts out
// (docs/decisions/0011-boosts-in-the-home-feed.md).
const trendingQueries = { first: homeQuery('trending', 'first'), next: homeQuery('trending', 'next') };

// My bookmarks, most recently bookmarked first, below the key (bookmarkedAt, postId): a key of the same
// shape as Latest's.
const bookmarksQuery = preparedOnce((db) =>
  db
    .select({
      id: bookmarks.postId,
      key: sql<string>`json_array(${bookmarks.createdAt}, ${bookmarks.postId})`,
    })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .where(
      and(
        eq(bookmarks.userId, viewer),
        sql`(${bookmarks.createdAt}, ${bookmarks.postId}) < (${sql.placeholder('k0')}, ${sql.placeholder('k1')})`,
        shown(posts.authorId),
      ),
    )
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
    .limit(limits.pageSize + 1)
    .prepare(),
);
// My likes, most recently liked first, below the key (likedAt, postId), from post_reactions_user_kind_created_idx.
const likesQuery = preparedOnce((db) =>
  db
    .select({
      id: postReactions.postId,
      key: sql<string>`json_array(${postReactions.createdAt}, ${postReactions.postId})`,
    })
    .from(postReactions)
    .innerJoin(posts, eq(posts.id, postReactions.postId))
    .where(
      and(
        eq(postReactions.userId, viewer),
        eq(postReactions.kind, 'like'),
        sql`(${postReactions.createdAt}, ${postReactions.postId}) < (${sql.placeholder('k0')}, ${sql.placeholder('k1')})`,
        shown(posts.authorId),
      ),
    )
    .orderBy(desc(postReactions.createdAt), desc(postReactions.postId))
    .limit(limits.pageSize + 1)
    .prepare(),
);
// A tag's posts, newest first, from post_tags_tag_created_idx (post_tags keeps each post's createdAt), each
// post read by its key for its author: the key is Latest's, (createdAt, postId).
const byTagQuery = preparedOnce((db) =>
  db
    .select({
      id: postTags.postId,
      key: sql<string>`json_array(${postTags.createdAt}, ${postTags.postId})`,
    })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .where(
      and(
        eq(postTags.tag, sql.placeholder('tag')),
        sql`(${postTags.createdAt}, ${postTags.postId}) < (${sql.placeholder('k0')}, ${sql.placeholder('k1')})`,
        shown(posts.authorId),
      ),
    )
    .orderBy(desc(postTags.createdAt), desc(postTags.postId))
    .limit(limits.pageSize + 1)
    .prepare(),
);

const bookmarkCount = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(bookmarks)
    .where(eq(bookmarks.userId, sql.placeholder('viewerId')))
    .prepare(),
);

export function feedReads(db: Db): Reads['feeds'] {
  return {
    home: async (viewerId, mode, key) =>
      mode === 'latest'
        ? homeLatest(db, viewerId, key)
        : keyRows(
            key
              ? trendingQueries.next(db).values({ viewerId, ...keyValues(mode, key) })
              : trendingQueries.first(db).values({ viewerId }),
          ),
    explore: async (viewerId, key) =>
      keyRows(exploreQuery(db).values({ viewerId, ...keyValues('latest', key) })),
    byAuthor: async (viewerId, authorId, key) =>
      keyRows(profileQuery(db).values({ viewerId, authorId, ...keyValues('latest', key) })),
    bookmarks: async (viewerId, key) =>
      keyRows(bookmarksQuery(db).values({ viewerId, ...keyValues('latest', key) })),
    likes: async (viewerId, key) => keyRows(likesQuery(db).values({ viewerId, ...keyValues('latest', key) })),
    bookmarkCount: async (viewerId) => bookmarkCount(db).get({ viewerId })?.n ?? 0,
    byTag: async (viewerId, tag, key) =>
      keyRows(byTagQuery(db).values({ viewerId, tag, ...keyValues('latest', key) })),
  };
}
