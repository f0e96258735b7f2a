import { limits } from '../../../shared/limits.js';
import type { JsonRow, Reads } from '../store.js';
import { boostCardFields } from './boost-card.js';
import { publicUserJson } from './columns.js';
import type { Queryable } from './queryable.js';
import { hiddenSql } from './relations.js';
import { answerCardFields } from './answer-cards.js';
import { statement, type TextTimes } from './statement.js';

// Cards and comments as the tRPC API answers them (domain/views.ts), written as JSON by PostgreSQL, as
// ../sqlite/cards.ts does it on SQLite: the same objects, keys and values, one statement a page. JSON
// answers are read as text (`::text`): node-postgres would otherwise parse them into objects.
//
// A card of a post whose author is hidden from the viewer `$1` (relations.ts) is left out, as a
// deleted post is; so are the comments of hidden members, in a card's latest comments and in a thread. The
// comment count stays the post's own. A mention of a suspended member is no link.

const hidden = hiddenSql('$1::text');

/**
 * `new Date(ms).toISOString()` of a column of Unix milliseconds. Interval arithmetic stays in whole
 * microseconds, so no float rounding can turn .999 into .998 (tests/pg/store.test.ts checks awkward times).
 */
export const isoTimeSql = (ms: string) =>
  `to_char(timestamp 'epoch' + ${ms} * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The usernames of the members a text mentions (`post_mentions` or `comment_mentions` rows of `id`). Only a
 * text with an `@` can mention anyone (shared/rich-text.ts), so most cards skip the lookup. In the order of
 * the members' ids, as SQLite gives them (bytes: collation "C").
 */
const mentionsJson = (table: 'post_mentions' | 'comment_mentions', id: string, text: string) =>
  `case when strpos(${text}, '@') = 0 then '[]'::json else (
    select coalesce(json_agg(mu.username order by m.user_id collate "C"), '[]'::json) from ${table} m
    join users mu on mu.id = m.user_id and mu.status <> 'suspended' where m.${table === 'post_mentions' ? 'post_id' : 'comment_id'} = ${id}) end`;

// Each comment's author is a subquery on the users' key: joined, the planner hashed every member once per
// post (and sorted the post page's comments instead of reading them in the index's order).
const commentAuthor = `(select ${publicUserJson('cu')} from users cu where cu.id = c.author_id)`;

/** The fields of a CommentView of the comment `c`. */
const commentFields = `'id', c.id, 'postId', c.post_id, 'author', ${commentAuthor}, 'text', c.text,
  'createdAt', ${isoTimeSql('c.created_at')}, 'updatedAt', ${isoTimeSql('c.updated_at')},
  'editedAt', ${isoTimeSql('c.edited_at')},
  'mentions', ${mentionsJson('comment_mentions', 'c.id', 'c.text')}`;

/**
 * A ThreadComment: a CommentView with its score (upvotes less downvotes, from the comment's votes by the
 * primary key's prefix) and the vote of the viewer `$1` (one primary-key lookup; null signed out).
 */
const threadJson = `json_build_object(${commentFields},
  'score', (select coalesce(sum(case when v.kind = 'up' then 1 else -1 end), 0)::int from comment_votes v
            where v.comment_id = c.id),
  'myVote', (select mv.kind from comment_votes mv where mv.comment_id = c.id and mv.user_id = $1))`;

// A post's latest comments come from its index and stop at 4; posts with none skip the lookup.
const latestComments = `case when p.comment_count = 0 then '[]'::json else (
  select coalesce(json_agg(json_build_object(${commentFields}) order by c.created_at desc, c.id desc), '[]'::json)
  from (select id, post_id, author_id, text, created_at, updated_at, edited_at from comments
        where post_id = p.id and author_id <> all (${hidden})
        order by created_at desc, id desc limit ${limits.latestComments}) as c) end`;

/** The post's pictures in order, from media_post_idx, as ../sqlite/cards.ts writes them. */
const mediaJson = `(select coalesce(json_agg(json_build_object('id', m.id,
    'url', '/media/' || m.large_key, 'previewUrl', '/media/' || m.preview_key,
    'width', m.width, 'height', m.height, 'previewWidth', m.preview_width, 'previewHeight', m.preview_height,
    'placeholder', m.placeholder, 'alt', m.alt) order by m.position), '[]'::json)
  from media m where m.post_id = p.id)`;

/**
 * A PostCard of the post `p` by `pu`, with my reaction `r` and my bookmark `b` (null when there is none);
 * `withComments` false writes its latest comments as an empty list (CardShape).
 */
function cardJson(withComments: boolean) {
  const comments = withComments ? latestComments : "'[]'::json";
  return `json_build_object('id', p.id, 'author', ${publicUserJson('pu')}, 'content', p.content,
  'createdAt', ${isoTimeSql('p.created_at')}, 'updatedAt', ${isoTimeSql('p.updated_at')},
  'editedAt', ${isoTimeSql('p.edited_at')},
  'likeCount', p.like_count, 'commentCount', p.comment_count,
  'likedByMe', coalesce(r.kind = 'like', false), 'dislikedByMe', coalesce(r.kind = 'dislike', false),
  'bookmarkedByMe', b.user_id is not null,
  'mentions', ${mentionsJson('post_mentions', 'p.id', 'p.content')}, 'latestComments', ${comments},
  'media', ${mediaJson}, ${answerCardFields('$1::text', hidden, isoTimeSql)}, ${boostCardFields})`;
}

// The cards of the posts whose ids are bound as an array, in that order.
const cardsStatement = (name: string, withComments: boolean) =>
  statement<{ json: string | null }>(
    name,
    `select json_agg(${cardJson(withComments)} order by page.n)::text as json
     from unnest($2::text[], $3::text[]) with ordinality as page(id, booster, n)
     join posts p on p.id = page.id
     join users pu on pu.id = p.author_id
     left join post_reactions r on r.post_id = p.id and r.user_id = $1
     left join bookmarks b on b.user_id = $1 and b.post_id = p.id
     where p.author_id <> all (${hidden})`,
  );
const cards = cardsStatement('cards', true);
const cardsWithoutComments = cardsStatement('cards-without-comments', false);

// A page of one post's comments, oldest first, above the key (createdAt, id) of the last one shown: one
// range of comments_post_created_idx, so a post with 10,000 comments reads as few rows as one with 10.
// None when the post's author is hidden from the viewer: the post page is then "not found".
const thread = statement<TextTimes<JsonRow, 'createdAt'>>(
  'comments-thread',
  `select ${threadJson}::text as json, c.created_at as "createdAt", c.id
   from comments c
   where c.post_id = $2 and (c.created_at, c.id) > ($3::bigint, $4) and c.author_id <> all (${hidden})
     and (select author_id from posts where id = $2) <> all (${hidden})
   order by c.created_at, c.id limit ${limits.pageSize + 1}`,
);

export function cardReads(db: Queryable): Reads['cards'] {
  return {
    async json(viewerId, postIds, boosters = [], shape = { latestComments: true }) {
      if (postIds.length === 0) return '[]';
      const read = shape.latestComments ? cards : cardsWithoutComments;
      return (await read(db, [viewerId, postIds, boosters]))[0]?.json ?? '[]';
    },
    async thread(viewerId, postId, key) {
      const rows = await thread(db, [viewerId, postId, ...key]);
      return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
    },
  };
}
