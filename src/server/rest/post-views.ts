import { Readable } from 'node:stream';
import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { publicUserJson } from '../domain/columns.js';
import { messages, notFound } from '../domain/errors.js';

// The original product's post and comment objects (spec section 3), written as JSON by SQLite itself. The
// legacy GET /api/posts returns every post with every like and comment: built as JavaScript objects and then
// stringified, 10k posts took about 270 ms against about 170 ms for SQLite writing the text (issue 4). Lists
// keep the mock's order: oldest first, as its arrays grew by push. One statement per page of posts, however
// many likes and comments they carry.

/** A nested user (PRODUCT.md item 2): the five public fields, never a password. */
const userRef = (u: string) => publicUserJson(u, '_id');

/**
 * Spec section 3: "YYYY-MM-DDTHH:mm:ssZ", i.e. seconds and a zone offset; Realm answers in UTC. `datetime`
 * costs a third of `strftime` for the same text, and the whole list writes tens of thousands of times.
 */
const specTime = (ms: string) => `replace(datetime(${ms} / 1000, 'unixepoch'), ' ', 'T') || '+00:00'`;

/** `'name', [the users whose row r has that kind, oldest first]` for each name: aggregates over `r`, `ru`. */
const usersOfKind = (kinds: Record<string, string>) =>
  Object.entries(kinds)
    .map(
      ([name, kind]) =>
        `'${name}', json_group_array(${userRef('ru')} order by r.created_at) filter (where r.kind = '${kind}')`,
    )
    .join(', ');

const commentJson = `json_object('_id', c.id, 'username', cu.username, 'text', c.text,
  'votes', (select json_object(${usersOfKind({ upvotedBy: 'up', downvotedBy: 'down' })})
    from comment_votes r join users ru on ru.id = r.user_id where r.comment_id = c.id),
  'createdAt', ${specTime('c.created_at')}, 'updatedAt', ${specTime('c.updated_at')})`;

const comments = 'comments c join users cu on cu.id = c.author_id';

const postJson = `json_object('_id', p.id, 'content', p.content, 'username', pu.username,
  'likes', (select json_object('likeCount', p.like_count, ${usersOfKind({ likedBy: 'like', dislikedBy: 'dislike' })})
    from post_reactions r join users ru on ru.id = r.user_id where r.post_id = p.id),
  'comments', (select json_group_array(${commentJson} order by c.created_at, c.id) from ${comments} where c.post_id = p.id),
  'bookmarks', json_array(),
  'createdAt', ${specTime('p.created_at')}, 'updatedAt', ${specTime('p.updated_at')})`;

// Lists are read a page at a time, in key order (the oldest first), each page one statement. Between pages
// the worker serves other requests and gzip (on libuv's threads) compresses what is already written, so the
// 10k-post list neither blocks a worker for its whole build nor waits for it before compressing. The stream's
// buffer is large so that the next page is read while gzip works on the last ones.
const listPageSize = 200;
const postsAfter = (where: string) =>
  `select ${postJson} as json, p.created_at as createdAt, p.id as id
   from posts p join users pu on pu.id = p.author_id
   where ${where} (p.created_at, p.id) > (?, ?) order by p.created_at, p.id limit ${listPageSize}`;

type ListRow = { json: string; createdAt: number; id: string };

const statements = preparedOnce((db: Db) => ({
  allPosts: db.$client.prepare<[number, string], ListRow>(postsAfter('')),
  postsByAuthor: db.$client.prepare<[string, number, string], ListRow>(postsAfter('p.author_id = ? and')),
  onePost: db.$client
    .prepare<[string], string>(
      `select ${postJson} from posts p join users pu on pu.id = p.author_id where p.id = ?`,
    )
    .pluck(),
  commentsOfPost: db.$client
    .prepare<[string], string>(
      `select ${commentJson} from ${comments} where c.post_id = ? order by c.created_at, c.id`,
    )
    .pluck(),
}));

/**
 * `{"posts":[...]}` with every post, or those of one author, as a stream of JSON text. Each post is read whole
 * by one statement; a post created or deleted while the list streams may or may not be in it.
 */
export function legacyPostsStream(db: Db, authorId?: string): Readable {
  const { allPosts, postsByAuthor } = statements(db);
  const pageAfter = (createdAt: number, id: string) =>
    authorId === undefined ? allPosts.all(createdAt, id) : postsByAuthor.all(authorId, createdAt, id);
  return Readable.from(
    (async function* () {
      yield '{"posts":[';
      let separator = '';
      for (let rows = pageAfter(-Infinity, ''); rows.length > 0;) {
        yield separator + rows.map((row) => row.json).join(',');
        separator = ',';
        if (rows.length < listPageSize) break;
        const last = rows.at(-1)!;
        await new Promise((resolve) => setImmediate(resolve));
        rows = pageAfter(last.createdAt, last.id);
      }
      yield ']}';
    })(),
    { objectMode: false, highWaterMark: 4 * 1024 * 1024 },
  );
}

export function legacyPostJson(db: Db, postId: string): string {
  const post = statements(db).onePost.get(postId);
  if (post === undefined) throw notFound(messages.postNotFound);
  return post;
}

/** One post's comments, as a JSON array. */
export function legacyCommentsJson(db: Db, postId: string): string {
  return `[${statements(db).commentsOfPost.all(postId).join(',')}]`;
}
