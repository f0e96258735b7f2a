import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { JsonRow, Reads } from '../store.js';
import { publicUserJson } from './columns.js';

// Cards and comments as the tRPC API answers them (domain/views.ts), written as JSON by SQLite. better-sqlite3 makes
// a JavaScript object for every row and a string for every column; a page's cards with their authors, my
// reactions and bookmarks and their latest comments took four statements that way. As one JSON text they take
// one statement and a JSON.parse, and an explore page about a third less time (issue 4: 0.44 -> 0.29 ms
// in-process). Everything a card shows is in this file, so a field is added in one place.

/**
 * `new Date(ms).toISOString()` of a column of Unix milliseconds. `datetime` with 'subsec' is the cheapest
 * exact form SQLite has (0.43 µs a time; `strftime` and a separate milliseconds part, 0.65 µs), and a feed
 * page writes up to two hundred times.
 */
export const isoTimeSql = (ms: string) =>
  `(replace(datetime(${ms} / 1000.0, 'unixepoch', 'subsec'), ' ', 'T') || 'Z')`;

/** JSON true or false. */
const jsonBool = (condition: string) => `json(iif(${condition}, 'true', 'false'))`;

/** A CommentView of the comment `c` written by `cu`. */
const commentJson = `json_object('id', c.id, 'postId', c.post_id, 'author', ${publicUserJson('cu')}, 'text', c.text,
  'createdAt', ${isoTimeSql('c.created_at')}, 'updatedAt', ${isoTimeSql('c.updated_at')})`;

// A post's latest comments come from its index and stop at 4, so a post with thousands costs the same; most
// posts on a page have none and skip the lookup.
const latestComments = `iif(p.comment_count = 0, json_array(), (
  select json_group_array(${commentJson} order by c.created_at desc, c.id desc)
  from (select id, post_id, author_id, text, created_at, updated_at from comments where post_id = p.id
        order by created_at desc, id desc limit ${limits.latestComments}) as c
  join users cu on cu.id = c.author_id))`;

/** A PostCard of the post `p` by `pu`, with my reaction `r` and my bookmark `b` (null when there is none). */
const cardJson = `json_object('id', p.id, 'author', ${publicUserJson('pu')}, 'content', p.content,
  'createdAt', ${isoTimeSql('p.created_at')}, 'updatedAt', ${isoTimeSql('p.updated_at')},
  'likeCount', p.like_count, 'commentCount', p.comment_count,
  'likedByMe', ${jsonBool("r.kind = 'like'")}, 'dislikedByMe', ${jsonBool("r.kind = 'dislike'")},
  'bookmarkedByMe', ${jsonBool('b.user_id is not null')}, 'latestComments', ${latestComments})`;

const statements = preparedOnce((db: Db) => ({
  // The cards of the posts whose ids are bound as a JSON array, in that order.
  cards: db.$client
    .prepare<{ ids: string; viewer: string | null }, string>(
      `select json_group_array(${cardJson} order by page.key)
       from json_each(:ids) as page
       join posts p on p.id = page.value
       join users pu on pu.id = p.author_id
       left join post_reactions r on r.post_id = p.id and r.user_id = :viewer
       left join bookmarks b on b.user_id = :viewer and b.post_id = p.id`,
    )
    .pluck(),
  // A page of one post's comments, newest first, below the key (createdAt, id) of the last one shown.
  comments: db.$client.prepare<{ postId: string; k0: number; k1: string }, JsonRow>(
    `select ${commentJson} as json, c.created_at as createdAt, c.id as id
     from comments c join users cu on cu.id = c.author_id
     where c.post_id = :postId and (c.created_at, c.id) < (:k0, :k1)
     order by c.created_at desc, c.id desc limit ${limits.pageSize + 1}`,
  ),
}));

export function cardReads(db: Db): Reads['cards'] {
  return {
    json: async (viewerId, postIds) =>
      postIds.length === 0
        ? '[]'
        : (statements(db).cards.get({ ids: JSON.stringify(postIds), viewer: viewerId }) ?? '[]'),
    commentsBelow: async (postId, key) => statements(db).comments.all({ postId, k0: key[0], k1: key[1] }),
  };
}
