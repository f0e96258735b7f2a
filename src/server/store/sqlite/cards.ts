import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { JsonRow, Reads } from '../store.js';
import { boostCardFields } from './boost-card.js';
import { nestedJson, publicUserJson } from './columns.js';
import { hiddenSql } from './relations.js';
import { answerCardFields } from './answer-cards.js';

// Cards and comments as the tRPC API answers them (domain/views.ts), written as JSON by SQLite.
// better-sqlite3 makes a JavaScript object for every row and a string for every column; a page's cards with
// their authors, my reactions and bookmarks and their latest comments took four statements that way. As one
// JSON text they take one statement and a JSON.parse, and an explore page about a third less time (0.44 ->
// 0.29 ms in-process on the bench, `npm run bench`). Everything a card shows is in this file, so a field is
// added in one place.
//
// A card of a post whose author is hidden from the viewer (relations.ts) is left out, as a deleted
// post is; so are the comments of hidden members, in a card's latest comments and in a thread. The comment
// count stays the post's own. A mention of a suspended member is no link.

const hidden = hiddenSql(':viewer');

/**
 * `new Date(ms).toISOString()` of a column of Unix milliseconds. `datetime` with 'subsec' is the cheapest
 * exact form SQLite has (0.43 µs a time; `strftime` and a separate milliseconds part, 0.65 µs), and a feed
 * page writes up to two hundred times.
 */
export const isoTimeSql = (ms: string) =>
  `(replace(datetime(${ms} / 1000.0, 'unixepoch', 'subsec'), ' ', 'T') || 'Z')`;

/** JSON true or false. */
const jsonBool = (condition: string) => `json(iif(${condition}, 'true', 'false'))`;

/**
 * The usernames of the members a text mentions (`post_mentions` or `comment_mentions` rows of `id`), in the
 * order of their ids: the primary key's, so no sort. Only a text with an `@` can mention anyone
 * (shared/rich-text.ts), so most cards skip the lookup. An explore page with 2 of 20 cards and 3 of 24
 * comments mentioning someone: +7% (median CPU time, 101 alternating rounds; the same field as a constant,
 * +0 to 3%).
 */
const mentionsJson = (table: 'post_mentions' | 'comment_mentions', id: string, text: string) =>
  `iif(instr(${text}, '@') = 0, json_array(), ${nestedJson(`select json_group_array(username) from (
    select mu.username from ${table} m join users mu on mu.id = m.user_id and mu.status <> 'suspended'
    where m.${table === 'post_mentions' ? 'post_id' : 'comment_id'} = ${id} order by m.user_id)`)})`;

/** The fields of a CommentView of the comment `c` written by `cu`. */
const commentFields = `'id', c.id, 'postId', c.post_id, 'author', ${publicUserJson('cu')}, 'text', c.text,
  'createdAt', ${isoTimeSql('c.created_at')}, 'updatedAt', ${isoTimeSql('c.updated_at')},
  'editedAt', ${isoTimeSql('c.edited_at')},
  'mentions', ${mentionsJson('comment_mentions', 'c.id', 'c.text')}`;
const commentJson = `json_object(${commentFields})`;

/**
 * A ThreadComment: a CommentView with its score (upvotes less downvotes, from the comment's votes by the
 * primary key's prefix) and the vote of `:viewer` (one primary-key lookup; null signed out).
 */
const threadJson = `json_object(${commentFields},
  'score', (select coalesce(sum(iif(v.kind = 'up', 1, -1)), 0) from comment_votes v where v.comment_id = c.id),
  'myVote', (select mv.kind from comment_votes mv where mv.comment_id = c.id and mv.user_id = :viewer))`;

// A post's latest comments come from its index and stop at 4, so a post with thousands costs the same; most
// posts on a page have none and skip the lookup.
const latestComments = `iif(p.comment_count = 0, json_array(), ${nestedJson(`
  select json_group_array(${commentJson} order by c.created_at desc, c.id desc)
  from (select id, post_id, author_id, text, created_at, updated_at, edited_at from comments
        where post_id = p.id and author_id not in (${hidden})
        order by created_at desc, id desc limit ${limits.latestComments}) as c
  join users cu on cu.id = c.author_id`)})`;

/**
 * The post's pictures in order (PostMedia, domain/views.ts), from media_post_idx: the same JSON objects as
 * ../postgres/cards.ts writes. URLs are the files' keys under /media/ (the route that serves them).
 */
const mediaJson = nestedJson(`select json_group_array(json_object('id', m.id,
    'url', '/media/' || m.large_key, 'previewUrl', '/media/' || m.preview_key,
    'width', m.width, 'height', m.height, 'previewWidth', m.preview_width, 'previewHeight', m.preview_height,
    'placeholder', m.placeholder, 'alt', m.alt) order by m.position)
  from media m where m.post_id = p.id`);

/**
 * A PostCard of the post `p` by `pu`, with my reaction `r` and my bookmark `b` (null when there is none);
 * `withComments` false writes its latest comments as an empty list (CardShape).
 */
function cardJson(withComments: boolean) {
  const comments = withComments ? latestComments : 'json_array()';
  return `json_object('id', p.id, 'author', ${publicUserJson('pu')}, 'content', p.content,
  'createdAt', ${isoTimeSql('p.created_at')}, 'updatedAt', ${isoTimeSql('p.updated_at')},
  'editedAt', ${isoTimeSql('p.edited_at')},
  'likeCount', p.like_count, 'commentCount', p.comment_count,
  'likedByMe', ${jsonBool("r.kind = 'like'")}, 'dislikedByMe', ${jsonBool("r.kind = 'dislike'")},
  'bookmarkedByMe', ${jsonBool('b.user_id is not null')},
  'mentions', ${mentionsJson('post_mentions', 'p.id', 'p.content')}, 'latestComments', ${comments},
  'media', ${mediaJson}, ${answerCardFields(':viewer', hidden, isoTimeSql)}, ${boostCardFields})`;
}

// The cards of the posts whose ids are bound as a JSON array, in that order.
const cardsSql = (
  withComments: boolean,
) => `select json_group_array(${cardJson(withComments)} order by page.key)
  from json_each(:ids) as page
  join posts p on p.id = page.value
  join users pu on pu.id = p.author_id
  left join post_reactions r on r.post_id = p.id and r.user_id = :viewer
  left join bookmarks b on b.user_id = :viewer and b.post_id = p.id
  where p.author_id not in (${hidden})`;

type CardParams = { ids: string; boosters: string; viewer: string | null };

const statements = preparedOnce((db: Db) => ({
  cards: db.$client.prepare<CardParams, string>(cardsSql(true)).pluck(),
  cardsWithoutComments: db.$client.prepare<CardParams, string>(cardsSql(false)).pluck(),
  // A page of one post's comments, oldest first, above the key (createdAt, id) of the last one shown: one
  // range of comments_post_created_idx, so a post with 10,000 comments reads as few rows as one with 10.
  // None when the post's author is hidden from the viewer: the post page is then "not found".
  thread: db.$client.prepare<{ viewer: string | null; postId: string; k0: number; k1: string }, JsonRow>(
    `select ${threadJson} as json, c.created_at as createdAt, c.id as id
     from comments c join users cu on cu.id = c.author_id
     where c.post_id = :postId and (c.created_at, c.id) > (:k0, :k1) and c.author_id not in (${hidden})
       and (select author_id from posts where id = :postId) not in (${hidden})
     order by c.created_at, c.id limit ${limits.pageSize + 1}`,
  ),
}));

export function cardReads(db: Db): Reads['cards'] {
  return {
    json: async (viewerId, postIds, boosters = [], shape = { latestComments: true }) => {
      if (postIds.length === 0) return '[]';
      const { cards, cardsWithoutComments } = statements(db);
      const params = { ids: JSON.stringify(postIds), boosters: JSON.stringify(boosters), viewer: viewerId };
      return (shape.latestComments ? cards : cardsWithoutComments).get(params) ?? '[]';
    },
    thread: async (viewer, postId, key) =>
      statements(db).thread.all({ viewer, postId, k0: key[0], k1: key[1] }),
  };
}
