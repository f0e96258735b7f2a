import { limits } from '../../../shared/limits.js';
import type { FeedMode, KeyRow, Reads, SortKey } from '../store.js';
import type { Queryable } from './queryable.js';
import { homeLatest } from './home-latest.js';
import { hiddenSql } from './relations.js';
import { arrayStatement, statement } from './statement.js';

// Each query finds a page's posts in the feed's order (a page and one more, to know whether more follow)
// by index, with each post's sort key as JSON array text, as ../sqlite/feeds.ts does. The first page starts
// below `top`, a key above every post, so one statement serves every page. None of a page's posts
// is by an author hidden from the viewer `$1` (relations.ts), so a page is whole however many are hidden.

const orders = {
  latest: { columns: ['created_at', 'id'], top: [Number.MAX_SAFE_INTEGER, ''] },
  // Trending (docs/api.md, "tRPC: /trpc"): likeCount + comment count, highest first, newest first on ties.
  trending: { columns: ['score', 'created_at', 'id'], top: [Number.MAX_SAFE_INTEGER, 0, ''] },
};
const page = limits.pageSize + 1;

/**
 * The parts of a statement over the sort key of an aliased `posts`, its cursor bound from `$first` on.
 * The numbers are bound as bigint: a score is an integer column, and a cursor's number may not fit one.
 */
function keySql(mode: FeedMode, alias: string, first: number) {
  const columns = orders[mode].columns.map((column) => `${alias}.${column}`);
  const cursor = columns.map((column, i) => `$${first + i}${column.endsWith('.id') ? '' : '::bigint'}`);
  return {
    below: `(${columns.join(', ')}) < (${cursor.join(', ')})`,
    newestFirst: columns.map((column) => `${column} desc`).join(', '),
    keyJson: `json_build_array(${columns.join(', ')})::text`,
  };
}

const cursorOf = (mode: FeedMode, key: SortKey | null) => key ?? orders[mode].top;

/** The members hidden from the viewer, who is always `$1`. */
const hidden = hiddenSql('$1::text');

function pageStatement(name: string, mode: FeedMode, author: boolean) {
  const { below, newestFirst, keyJson } = keySql(mode, 'p', author ? 3 : 2);
  // One author: whether they are hidden is asked once. Explore leaves out limited members too: each post's
  // author by the users' key (a join the planner memoizes by author; as a scalar subquery, it guessed that
  // few posts pass and sorted the whole range), as nothing indexes who is limited.
  const from = author
    ? `posts p where p.author_id = $2 and $2 <> all (${hidden}) and`
    : `posts p join users u on u.id = p.author_id and u.limited_at is null where p.author_id <> all (${hidden}) and`;
  return arrayStatement<KeyRow>(
    name,
    `select p.id, ${keyJson} from ${from} ${below}
     order by ${newestFirst} limit ${page}`,
  );
}

const explore = pageStatement('feed-explore', 'latest', false);
const byAuthor = pageStatement('feed-by-author', 'latest', true);

/**
 * A page of my home feed: my posts and those of the people I follow. Read plainly, each author's top of the
 * page (a LATERAL index range of up to a page and one more each) then the best of those, a member who follows
 * 200 reads thousands of index entries. So, as ../sqlite/feeds.ts does, the page is bounded first:
 * - `firsts`: each author's first leading key below the cursor (one index seek each);
 * - `floor`: the 21st highest of those. At least 21 posts reach it, so no post below it is on the page, and
 *   an author whose first key is below it has nothing to show;
 * - each remaining author's range is read from the cursor down to the floor only.
 * On 300 members and 5,000 posts, for the member who follows 200: a page's ids in 1.4 ms through the store,
 * against 8.5 ms for the plain LATERAL (EXPLAIN ANALYZE: 1.7 against 7 to 12 ms), PostgreSQL 15.
 */
function homeStatement(mode: FeedMode) {
  const { below, newestFirst } = keySql(mode, 'p', 2);
  const outer = keySql(mode, 'page', 2);
  const [lead] = orders[mode].columns;
  const columns = orders[mode].columns.map((column) => `p.${column}`).join(', ');
  return arrayStatement<KeyRow>(
    `feed-home-${mode}`,
    `with firsts as (
       select a.author, (select p.${lead} from posts p where p.author_id = a.author and ${below}
                         order by ${newestFirst} limit 1) as k
       from (select followee_id as author from follows where follower_id = $1 and followee_id <> all (${hidden})
             union all select $1::text) as a),
     floor as (select coalesce((select k from firsts where k is not null order by k desc offset ${limits.pageSize}
                                limit 1), '-9223372036854775808'::bigint) as k)
     select page.id, ${outer.keyJson}
     from firsts f cross join floor
     cross join lateral (select ${columns} from posts p
       where p.author_id = f.author and p.${lead} >= floor.k and ${below}
       order by ${newestFirst} limit ${page}) as page
     where f.k >= floor.k
     order by ${outer.newestFirst} limit ${page}`,
  );
}

// Latest, with boosts, is home-latest.ts; Trending ranks posts by their own score and leaves boosts out
// (docs/decisions/0011-boosts-in-the-home-feed.md).
const trending = homeStatement('trending');

// My bookmarks, most recently bookmarked first, below the key (bookmarkedAt, postId); each post read by its
// key for its author.
const bookmarks = arrayStatement<KeyRow>(
  'feed-bookmarks',
  `select b.post_id, json_build_array(b.created_at, b.post_id)::text from bookmarks b
   join posts p on p.id = b.post_id
   where b.user_id = $1 and (b.created_at, b.post_id) < ($2::bigint, $3) and p.author_id <> all (${hidden})
   order by b.created_at desc, b.post_id desc limit ${page}`,
);
// My likes, most recently liked first, below the key (likedAt, postId), from
// post_reactions_user_kind_created_idx; each post read by its key for its author.
const likes = arrayStatement<KeyRow>(
  'feed-likes',
  `select r.post_id, json_build_array(r.created_at, r.post_id)::text from post_reactions r
   join posts p on p.id = r.post_id
   where r.user_id = $1 and r.kind = 'like' and (r.created_at, r.post_id) < ($2::bigint, $3)
     and p.author_id <> all (${hidden})
   order by r.created_at desc, r.post_id desc limit ${page}`,
);
// A tag's posts, newest first, from post_tags_tag_created_idx (post_tags keeps each post's createdAt), each
// post read by its key for its author: the key is Latest's, (createdAt, postId).
const byTag = arrayStatement<KeyRow>(
  'feed-by-tag',
  `select t.post_id, json_build_array(t.created_at, t.post_id)::text from post_tags t
   join posts p on p.id = t.post_id
   where t.tag = $2 and (t.created_at, t.post_id) < ($3::bigint, $4) and p.author_id <> all (${hidden})
   order by t.created_at desc, t.post_id desc limit ${page}`,
);
const bookmarkCount = statement<{ n: number }>(
  'feed-bookmark-count',
  'select count(*)::int as n from bookmarks where user_id = $1',
);

export function feedReads(db: Queryable): Reads['feeds'] {
  return {
    home: (viewerId, mode, key) =>
      (mode === 'latest' ? homeLatest : trending)(db, [viewerId, ...cursorOf(mode, key)]),
    explore: (viewerId, key) => explore(db, [viewerId, ...cursorOf('latest', key)]),
    byAuthor: (viewerId, authorId, key) => byAuthor(db, [viewerId, authorId, ...cursorOf('latest', key)]),
    bookmarks: (viewerId, key) => bookmarks(db, [viewerId, ...cursorOf('latest', key)]),
    likes: (viewerId, key) => likes(db, [viewerId, ...cursorOf('latest', key)]),
    bookmarkCount: async (viewerId) => (await bookmarkCount(db, [viewerId]))[0]?.n ?? 0,
    byTag: (viewerId, tag, key) => byTag(db, [viewerId, tag, ...cursorOf('latest', key)]),
  };
}
