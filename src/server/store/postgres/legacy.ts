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
import type { Queryable } from './queryable.js';

// The legacy API's lists (spec section 7) on PostgreSQL, the twin of sqlite/legacy.ts: newest first by index
// (posts_created_idx, posts_author_created_idx, comments_post_created_idx, users_created_idx and
// bookmarks_user_created_idx serve their slices, keys and counts). Named prepared statements: each is parsed
// and planned once per connection, and a list runs its slice statement once per 100 entries.

/** The values a statement may name (`$authorId`...): the list's bind, a key, a limit, an id. */
type Params = LegacyBind & { k0?: number; k1?: string; limit?: number; id?: string };

/** A statement written with named parameters, numbered for node-postgres in order of first use. */
type Statement = { name: string; text: string; params: (keyof Params)[] };

function statement(name: string, sql: string): Statement {
  const params: (keyof Params)[] = [];
  const text = sql.replace(/\$([a-zA-Z]\w*)/g, (_, param: keyof Params) => {
    if (!params.includes(param)) params.push(param);
    return `$${params.indexOf(param) + 1}`;
  });
  return { name: `realm.legacy.${name}`, text, params };
}

/** As SQLite binds them (sqlite/legacy.ts): no viewer is null, no bookmark limit is none at all. */
const run = (db: Queryable, s: Statement, values: Params) => {
  const given: Params = {
    ...values,
    viewer: values.viewer ?? null,
    bookmarkLimit: values.bookmarkLimit ?? 0,
  };
  return db.query({ name: s.name, text: s.text, values: s.params.map((param) => given[param]) });
};

/**
 * A legacy list in SQL: its entries as JSON, the table (`alias`) and joins they come from, and the key that
 * orders them (columns of `alias`).
 */
type ListSql = {
  json: string;
  table: string;
  alias: string;
  joins?: string;
  where?: string;
  createdAt: string;
  id: string;
};

function listStatements(name: LegacyListName, list: ListSql) {
  const { json, table, alias, joins = '', createdAt, id } = list;
  const where = list.where ? `${list.where} and ` : '';
  const order = `order by ${createdAt} desc, ${id} desc`;
  return {
    // The slice's rows are chosen first, so that only they are written as JSON whatever the plan. `json` as
    // text: node-postgres would parse a json column into objects.
    slice: statement(
      `${name}.slice`,
      `select (${json})::text as json, ${createdAt} as "createdAt", ${id} as id
       from (select * from ${table} as ${alias} where ${where}(${createdAt}, ${id}) < ($k0, $k1) ${order} limit $limit)
         as ${alias} ${joins}
       ${order}`,
    ),
    key: statement(
      `${name}.key`,
      `select ${createdAt} as "createdAt", ${id} as id from ${table} as ${alias} where ${where}${id} = $id`,
    ),
    count: statement(
      `${name}.count`,
      `select count(*) as n from ${table} as ${alias}${list.where ? ` where ${list.where}` : ''}`,
    ),
  };
}

// A suspended member's posts and comments are in no list and no answer, for anyone (legacy-json.ts:
// shownToAll).
const shown = shownToAll('p.author_id');
const post = { json: postJson, ...postsFrom, where: shown, createdAt: 'p.created_at', id: 'p.id' };
const comment = { json: commentJson, ...commentsFrom, createdAt: 'c.created_at', id: 'c.id' };
// GET /api/posts is explore's twin, which leaves out limited members too: each post's author by the users'
// key, as nothing indexes who is limited.
const explored = `${shown} and not exists (select 1 from users lu where lu.id = p.author_id and lu.limited_at is not null)`;

const lists = {
  allPosts: listStatements('allPosts', { ...post, where: explored }),
  postsByAuthor: listStatements('postsByAuthor', {
    ...post,
    where: `p.author_id = $authorId and ${shown}`,
  }),
  commentsOfPost: listStatements('commentsOfPost', {
    ...comment,
    where: `c.post_id = $postId and ${shownToAll('c.author_id')}`,
  }),
  // tRPC lists suspended members nowhere (who to follow leaves them out); their profile stays (oneUser).
  allUsers: listStatements('allUsers', {
    json: userJson,
    table: 'users',
    alias: 'u',
    where: shownToAll('u.id'),
    createdAt: 'u.created_at',
    id: 'u.id',
  }),
  bookmarks: listStatements('bookmarks', {
    json: 'to_json(b.post_id)',
    table: 'bookmarks',
    alias: 'b',
    where: `b.user_id = $userId and ${bookmarkShown('b', '$userId::text')}`,
    createdAt: 'b.created_at',
    id: 'b.post_id',
  }),
} satisfies Record<LegacyListName, unknown>;

const onePost = statement(
  'post',
  `select (${postJson})::text as json from ${postsFrom.table} as p ${postsFrom.joins}
   where p.id = $id and ${shown}`,
);
const oneUser = statement('user', `select (${userJson})::text as json from users as u where u.id = $id`);

/** node-postgres reads bigint and count(*) as text: keys and counts are numbers, as on SQLite. */
type KeyRow = { createdAt: string; id: string };
type SliceRow = KeyRow & { json: string };

export function legacyReads(db: Queryable): Reads['legacy'] {
  return {
    async slice(name, bind, key, limit, take) {
      // One statement writes the whole slice; the rows past the one `take` refuses are dropped.
      const { rows } = await run(db, lists[name].slice, { ...bind, k0: key[0], k1: key[1], limit });
      let read = 0;
      for (const row of rows as SliceRow[]) {
        read += 1;
        if (!take({ json: row.json, createdAt: Number(row.createdAt), id: row.id } satisfies JsonRow)) break;
      }
      return read;
    },
    async keyOf(name, bind, id) {
      const row = (await run(db, lists[name].key, { ...bind, id })).rows[0] as KeyRow | undefined;
      return row && [Number(row.createdAt), row.id];
    },
    async count(name, bind) {
      return Number((await run(db, lists[name].count, bind)).rows[0].n);
    },
    async post(id) {
      return (await run(db, onePost, { id })).rows[0]?.json;
    },
    async user(id, viewer, bookmarkLimit) {
      return (await run(db, oneUser, { id, viewer, bookmarkLimit })).rows[0]?.json;
    },
  };
}
