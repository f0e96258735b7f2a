import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';
import type { JsonRow, LegacyBind, LegacyListName, Reads } from '../store.js';
import {
  bookmarkShown,
  commentJson,
  commentsFrom,
  postJson,
  postsFrom,
  shownToAll,
  userJson,
} from './legacy-json.js';

// The legacy API's lists (spec section 7), newest first by index: posts_created_idx,
// posts_author_created_idx, comments_post_created_idx, users_created_idx and bookmarks_user_created_idx
// serve their slices, keys and counts.

type Bind = Record<string, unknown>;

/** A legacy list in SQL: its entries as JSON, the rows they come from, and the key that orders them. */
type ListSql = { json: string; table: string; joins?: string; where?: string; createdAt: string; id: string };

/** The three statements of a list: a slice below a key, the key of one entry, and the count. */
function prepareList(db: Db, list: ListSql) {
  const { json, table, joins = '', createdAt, id } = list;
  const where = list.where ? `${list.where} and ` : '';
  return {
    slice: db.$client.prepare<Bind, JsonRow>(
      `select ${json} as json, ${createdAt} as createdAt, ${id} as id from ${table} ${joins}
       where ${where}(${createdAt}, ${id}) < (:k0, :k1) order by ${createdAt} desc, ${id} desc limit :limit`,
    ),
    key: db.$client
      .prepare<Bind, [number, string]>(`select ${createdAt}, ${id} from ${table} where ${where}${id} = :id`)
      .raw(),
    count: db.$client
      .prepare<Bind, number>(`select count(*) from ${table}${list.where ? ` where ${list.where}` : ''}`)
      .pluck(),
  };
}

// A suspended member's posts and comments are in no list and no answer, for anyone (legacy-json.ts:
// shownToAll; the list of their ids is read from users_status_created_idx once per statement).
const shown = shownToAll('p.author_id');
const post = { json: postJson, ...postsFrom, where: shown, createdAt: 'p.created_at', id: 'p.id' };
const comment = { json: commentJson, ...commentsFrom, createdAt: 'c.created_at', id: 'c.id' };
// GET /api/posts is explore's twin, which leaves out limited members too: read on each post's author by the
// users' key, as nothing indexes who is limited (feeds.ts).
const explored = `${shown} and (select limited_at from users where id = p.author_id) is null`;

const statements = preparedOnce((db: Db) => ({
  lists: {
    allPosts: prepareList(db, { ...post, where: explored }),
    postsByAuthor: prepareList(db, { ...post, where: `p.author_id = :authorId and ${shown}` }),
    commentsOfPost: prepareList(db, {
      ...comment,
      where: `c.post_id = :postId and ${shownToAll('c.author_id')}`,
    }),
    // tRPC lists suspended members nowhere (who to follow leaves them out); their profile stays (oneUser).
    allUsers: prepareList(db, {
      json: userJson,
      table: 'users u',
      where: shownToAll('u.id'),
      createdAt: 'u.created_at',
      id: 'u.id',
    }),
    bookmarks: prepareList(db, {
      json: 'json_quote(b.post_id)',
      table: 'bookmarks b',
      where: `b.user_id = :userId and ${bookmarkShown('b', ':userId')}`,
      createdAt: 'b.created_at',
      id: 'b.post_id',
    }),
  } satisfies Record<LegacyListName, unknown>,
  onePost: db.$client
    .prepare<[string], string>(
      `select ${postJson} from ${postsFrom.table} ${postsFrom.joins} where p.id = ? and ${shown}`,
    )
    .pluck(),
  oneUser: db.$client
    .prepare<{ id: string; viewer: string | null; bookmarkLimit: number }, string>(
      `select ${userJson} from users u where u.id = :id`,
    )
    .pluck(),
}));

/** SQLite binds only the named parameters a statement uses: each list gets its own. */
const bindOf = (list: LegacyListName, bind: LegacyBind): Bind => {
  switch (list) {
    case 'postsByAuthor':
      return { authorId: bind.authorId };
    case 'commentsOfPost':
      return { postId: bind.postId };
    case 'bookmarks':
      return { userId: bind.userId };
    case 'allUsers':
      return { viewer: bind.viewer ?? null, bookmarkLimit: bind.bookmarkLimit ?? 0 };
    case 'allPosts':
      return {};
  }
};

export function legacyReads(db: Db): Reads['legacy'] {
  const list = (name: LegacyListName) => statements(db).lists[name];
  return {
    async slice(name, bind, key, limit, take) {
      let read = 0;
      // Leaving the loop resets the statement: SQLite writes at most one entry that the page does not carry.
      for (const row of list(name).slice.iterate({ ...bindOf(name, bind), k0: key[0], k1: key[1], limit })) {
        read += 1;
        if (!take(row)) break;
      }
      return read;
    },
    keyOf: async (name, bind, id) => list(name).key.get({ ...bindOf(name, bind), id }),
    count: async (name, bind) => list(name).count.get(bindOf(name, bind))!,
    post: async (id) => statements(db).onePost.get(id),
    user: async (id, viewer, bookmarkLimit) => statements(db).oneUser.get({ id, viewer, bookmarkLimit }),
  };
}
