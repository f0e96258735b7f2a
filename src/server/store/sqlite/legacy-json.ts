import { legacyLimits } from '../../../shared/limits.js';
import { nestedJson, publicUserJson } from './columns.js';
import { hiddenSql } from './relations.js';

// The original product's post, comment and user objects (spec section 3), written as JSON by SQLite itself:
// built as JavaScript objects and then stringified, 10k posts took about 270 ms against about 170 ms for
// SQLite writing the text. Lists keep the mock's order, oldest first, as its arrays grew by push. Every list
// nested in an object carries its newest `nestedMax` entries (docs/api.md, "Long lists: bounded, paged,
// kept"), each read newest first from its own index (store/sqlite/schema.ts), ties in the order the rows were
// added.

/** A nested user (docs/differences-from-the-mock.md item 2): the five public fields, never a password. */
const userRef = (u: string) => publicUserJson(u, '_id');

/**
 * Spec section 3: "YYYY-MM-DDTHH:mm:ssZ", i.e. seconds and a zone offset; Realm answers in UTC. `datetime`
 * costs a third of `strftime` for the same text, and a list writes it tens of thousands of times.
 */
const specTime = (ms: string) => `replace(datetime(${ms} / 1000, 'unixepoch'), ' ', 'T') || '+00:00'`;

/**
 * Whether the member `author` (a column) is shown in the legacy answers. They are the same for every caller
 * (list-cache.ts keeps them for all), so they apply the rule of relations.ts (hiddenSql) for a reader with
 * no blocks or mutes: it hides suspended members from everyone, signed in or not, as tRPC does.
 */
export const shownToAll = (author: string) => `${author} not in (${hiddenSql('null')})`;

/**
 * The users of the newest `nestedMax` rows that `rows` selects (user_id, created_at, rowid), oldest first.
 * `user` is the column `rows` reads user_id from: a suspended member is left out before the list is bounded,
 * so that their likes, votes and follows do not take the places of others.
 */
const newestUsers = (rows: string, user: string) =>
  nestedJson(`select json_group_array(${userRef('ru')} order by r.created_at, r.rid)
  from (${rows} and ${shownToAll(user)} order by created_at desc, rowid desc limit ${legacyLimits.nestedMax}) as r
  join users ru on ru.id = r.user_id`);

const voters = (kind: 'up' | 'down') =>
  newestUsers(
    `select user_id, created_at, rowid as rid from comment_votes
    where comment_id = c.id and kind = '${kind}'`,
    'user_id',
  );

const reactors = (kind: 'like' | 'dislike') =>
  newestUsers(
    `select user_id, created_at, rowid as rid from post_reactions
    where post_id = p.id and kind = '${kind}'`,
    'user_id',
  );

/** A comment `c` written by `cu`. */
export const commentJson = `json_object('_id', c.id, 'username', cu.username, 'text', c.text,
  'votes', json_object('upvotedBy', ${voters('up')}, 'downvotedBy', ${voters('down')}),
  'createdAt', ${specTime('c.created_at')}, 'updatedAt', ${specTime('c.updated_at')})`;

export const commentsFrom = { table: 'comments c', joins: 'join users cu on cu.id = c.author_id' };

// A post's newest comments, oldest first, stopping at a whole comment before `nestedCommentsBytes` of JSON;
// a suspended member's are left out, as from the comments list. A post with none (most of them;
// `comment_count` is kept in step) skips the lookup.
const newestComments = `iif(p.comment_count = 0, json_array(), ${nestedJson(`
  select json_group_array(json(nc.json) order by nc.created_at, nc.id)
  from (
    select json, created_at, id, sum(octet_length(json)) over (order by created_at desc, id desc) as upto
    from (select ${commentJson} as json, c.created_at, c.id from comments c ${commentsFrom.joins}
          where c.post_id = p.id and ${shownToAll('c.author_id')} order by c.created_at desc, c.id desc limit ${legacyLimits.nestedMax})
  ) as nc
  where nc.upto <= ${legacyLimits.nestedCommentsBytes}`)})`;

/** A post `p` written by `pu`. Bookmarks are per member, so a post carries none (the mock's shape). */
export const postJson = `json_object('_id', p.id, 'content', p.content, 'username', pu.username,
  'likes', json_object('likeCount', p.like_count, 'likedBy', ${reactors('like')}, 'dislikedBy', ${reactors('dislike')}),
  'comments', ${newestComments},
  'bookmarks', json_array(),
  'createdAt', ${specTime('p.created_at')}, 'updatedAt', ${specTime('p.updated_at')})`;

export const postsFrom = { table: 'posts p', joins: 'join users pu on pu.id = p.author_id' };

/**
 * Whether the bookmark row `b` of the member `viewer` (a parameter, so that the hidden list is built once per
 * statement) names a post they may see: tRPC's bookmarks list hides the others (relations.ts: hiddenSql), and
 * so must every legacy answer that lists bookmarks.
 */
export const bookmarkShown = (b: string, viewer: string) =>
  `exists (select 1 from posts p where p.id = ${b}.post_id and p.author_id not in (${hiddenSql(viewer)}))`;

/** A member's newest bookmarked post ids (as many as `:bookmarkLimit`), in the order they were added. */
const bookmarkIds = nestedJson(`select json_group_array(post_id order by created_at, post_id) from (
  select bk.post_id, bk.created_at from bookmarks bk where bk.user_id = u.id and ${bookmarkShown('bk', ':viewer')}
  order by bk.created_at desc, bk.post_id desc limit :bookmarkLimit)`);

// Signup extras (spec section 3) as an object of their flat values: rows stored before signup refused nested
// ones may hold objects or lists (`{"form":{"password":...}}`), which are never shown. `->` keeps each value's
// text as stored, so a number reads exactly as it was sent.
const flatExtras = `(select json_group_object(key, json(u.extra -> fullkey)) from json_each(u.extra)
  where type in ('text', 'integer', 'real', 'true', 'false'))`;

const userFields = `json_object('_id', u.id, 'username', u.username, 'firstName', u.first_name,
  'lastName', u.last_name, 'profilePic', u.profile_pic, 'bio', u.bio, 'link', u.link,
  'profileBanner', u.profile_banner,
  'followers', ${newestUsers('select follower_id as user_id, created_at, rowid as rid from follows where followee_id = u.id', 'follower_id')},
  'following', ${newestUsers('select followee_id as user_id, created_at, rowid as rid from follows where follower_id = u.id', 'followee_id')},
  'bookmarks', iif(u.id = :viewer, ${bookmarkIds}, json_array()),
  'createdAt', ${specTime('u.created_at')}, 'updatedAt', ${specTime('u.updated_at')})`;

/**
 * The member `u`, with their bookmarks only when `:viewer` is that member (docs/differences-from-the-mock.md
 * item 11). Extras come first, as the mock spread them, and a real field always wins over an extra of the
 * same name (json_patch).
 */
export const userJson = `iif(u.extra = '{}', ${userFields}, json_patch(${flatExtras}, ${userFields}))`;
