import { legacyLimits } from '../../../shared/limits.js';
import { hiddenSql } from './relations.js';

// The original product's post, comment and user objects (spec section 3) written as JSON by PostgreSQL: the
// twin of sqlite/legacy-json.ts, entry for entry, key for key. Objects are `row_to_json` of a one-row select
// and lists `array_to_json(array_agg(...))`, because those two write compact JSON (`{"a":1}`) as SQLite does,
// where json_build_object and json_agg write `{"a" : 1}`: so both engines write the same bytes, and a post's
// comments stop at the same comment before `nestedCommentsBytes`, a list page at the same entry before
// `answerBytes`. Parameters are named `$name` (legacy.ts numbers them).

/** An object with these keys, in this order, of these SQL values. */
const object = (fields: Record<string, string>) =>
  `(select row_to_json(o) from (select ${Object.entries(fields)
    .map(([key, value]) => `${value} as "${key}"`)
    .join(', ')}) as o)`;

/** A JSON array of `value` over the rows of `from`, in `order`; `[]` when there are none. */
const array = (value: string, from: string, order: string) =>
  `coalesce((select array_to_json(array_agg(${value} order by ${order})) from ${from}), '[]'::json)`;

/** A nested user (docs/differences-from-the-mock.md item 2): the five public fields, never a password. */
const userRef = (u: string) =>
  object({
    _id: `${u}.id`,
    username: `${u}.username`,
    firstName: `${u}.first_name`,
    lastName: `${u}.last_name`,
    profilePic: `${u}.profile_pic`,
  });

/** Spec section 3: "YYYY-MM-DDTHH:mm:ssZ", whole seconds, in UTC whatever the session's time zone. */
const specTime = (ms: string) =>
  `to_char(to_timestamp(${ms} / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '+00:00'`;

/**
 * Whether the member `author` (a column) is shown in the legacy answers: as sqlite/legacy-json.ts, the rule
 * of relations.ts (hiddenSql) for a reader with no blocks or mutes, which hides suspended members from
 * everyone, since the answers are the same for every caller.
 */
export const shownToAll = (author: string) => `${author} <> all (${hiddenSql('null::text')})`;

/**
 * The users of the newest `nestedMax` rows that `rows` selects (user_id, created_at, tie), oldest first.
 * SQLite breaks ties of created_at by rowid, the order rows were added; PostgreSQL has none, so `tie` is the
 * row's ctid: the same order in an instance copied from SQLite (copy-from-sqlite.ts inserts in rowid order)
 * and for rows added since, but PostgreSQL may reuse the space of deleted rows, so rows added in the same
 * millisecond may show in another order than SQLite would show them. `user` is the column `rows` reads
 * user_id from: a suspended member is left out before the list is bounded.
 */
const newestUsers = (rows: string, user: string) =>
  array(
    userRef('ru'),
    `(${rows} and ${shownToAll(user)} order by created_at desc, tie desc limit ${legacyLimits.nestedMax}) as r
     join users ru on ru.id = r.user_id`,
    'r.created_at, r.tie',
  );

const voters = (kind: 'up' | 'down') =>
  newestUsers(
    `select user_id, created_at, ctid as tie from comment_votes
    where comment_id = c.id and kind = '${kind}'`,
    'user_id',
  );

const reactors = (kind: 'like' | 'dislike') =>
  newestUsers(
    `select user_id, created_at, ctid as tie from post_reactions
    where post_id = p.id and kind = '${kind}'`,
    'user_id',
  );

/** A comment `c` written by `cu`. */
export const commentJson = object({
  _id: 'c.id',
  username: 'cu.username',
  text: 'c.text',
  votes: object({ upvotedBy: voters('up'), downvotedBy: voters('down') }),
  createdAt: specTime('c.created_at'),
  updatedAt: specTime('c.updated_at'),
});

export const commentsFrom = { table: 'comments', alias: 'c', joins: 'join users cu on cu.id = c.author_id' };

// A post's newest comments, oldest first, stopping at a whole comment before `nestedCommentsBytes` of JSON:
// the bytes SQLite counts, since both write the same compact text; a suspended member's are left out. A post
// with none skips the lookup.
const newestComments = `case when p.comment_count = 0 then '[]'::json else ${array(
  'nc.json',
  `(select json, created_at, id, sum(octet_length(json::text)) over (order by created_at desc, id desc) as upto
    from (select ${commentJson} as json, c.created_at, c.id from comments as c ${commentsFrom.joins}
          where c.post_id = p.id and ${shownToAll('c.author_id')} order by c.created_at desc, c.id desc limit ${legacyLimits.nestedMax}) as nr
   ) as nc where nc.upto <= ${legacyLimits.nestedCommentsBytes}`,
  'nc.created_at, nc.id',
)} end`;

/** A post `p` written by `pu`. Bookmarks are per member, so a post carries none (the mock's shape). */
export const postJson = object({
  _id: 'p.id',
  content: 'p.content',
  username: 'pu.username',
  likes: object({ likeCount: 'p.like_count', likedBy: reactors('like'), dislikedBy: reactors('dislike') }),
  comments: newestComments,
  bookmarks: `'[]'::json`,
  createdAt: specTime('p.created_at'),
  updatedAt: specTime('p.updated_at'),
});

export const postsFrom = { table: 'posts', alias: 'p', joins: 'join users pu on pu.id = p.author_id' };

/**
 * Whether the bookmark row `b` of the member `viewer` (a parameter, so that the hidden list is read once per
 * statement) names a post they may see: tRPC's bookmarks list hides the others (relations.ts: hiddenSql), and
 * so must every legacy answer that lists bookmarks.
 */
export const bookmarkShown = (b: string, viewer: string) =>
  `exists (select 1 from posts p where p.id = ${b}.post_id and p.author_id <> all (${hiddenSql(viewer)}))`;

/** A member's newest bookmarked post ids (as many as `$bookmarkLimit`), in the order they were added. */
const bookmarkIds = array(
  'b.post_id',
  `(select bk.post_id, bk.created_at from bookmarks as bk
    where bk.user_id = u.id and ${bookmarkShown('bk', '$viewer::text')}
    order by bk.created_at desc, bk.post_id desc limit $bookmarkLimit) as b`,
  'b.created_at, b.post_id',
);

const userFields = object({
  _id: 'u.id',
  username: 'u.username',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  profilePic: 'u.profile_pic',
  bio: 'u.bio',
  link: 'u.link',
  profileBanner: 'u.profile_banner',
  followers: newestUsers(
    'select follower_id as user_id, created_at, ctid as tie from follows where followee_id = u.id',
    'follower_id',
  ),
  following: newestUsers(
    'select followee_id as user_id, created_at, ctid as tie from follows where follower_id = u.id',
    'followee_id',
  ),
  bookmarks: `case when u.id = $viewer then ${bookmarkIds} else '[]'::json end`,
  createdAt: specTime('u.created_at'),
  updatedAt: specTime('u.updated_at'),
});

// Signup extras (spec section 3): only their flat values; rows stored before signup refused nested ones may
// hold objects or lists, which are never shown. `json` (not `jsonb`, which reorders keys and rewrites
// numbers) keeps each value's text as stored, so a number reads exactly as it was sent.
const extras = `json_each(u.extra::json) with ordinality as e(key, value, pos)
  where json_typeof(e.value) in ('string', 'number', 'boolean')`;

// Extras first, in their order, as the mock spread them; an extra named like a real field keeps its place and
// shows the real value; then the real fields (SQLite's json_patch). json_object_agg writes `{ "k" : v }`:
// json_strip_nulls rewrites it compact (no value is null here: extras' nulls are left out, fields are NOT NULL).
const withExtras = `(select json_strip_nulls(json_object_agg(m.key, m.value order by m.pos)) from (
    select e.key, coalesce(f.fields -> e.key, e.value) as value, e.pos from ${extras}
    union all
    select r.key, r.value, 1000000 + r.pos from json_each(f.fields) with ordinality as r(key, value, pos)
    where r.key not in (select e.key from ${extras})
  ) as m)`;

/**
 * The member `u`, with their bookmarks only when `$viewer` is that member (docs/differences-from-the-mock.md
 * item 11). `offset 0` keeps PostgreSQL from copying the fields' subqueries into each place that reads them.
 */
export const userJson = `(select case when u.extra = '{}' then f.fields else ${withExtras} end
  from (select ${userFields} as fields offset 0) as f)`;
