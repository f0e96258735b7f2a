import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newestPage } from '../../src/server/rest/list-page.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { legacyReads } from '../../src/server/store/postgres/legacy.js';
import { sessionOptions } from '../../src/server/store/postgres/session.js';
import type { SqliteStore } from '../../src/server/store/sqlite/index.js';
import type { JsonRow, LegacyBind, LegacyListName, Reads, Store } from '../../src/server/store/store.js';
import { freshDatabase } from '../helpers/postgres.js';
import { big, legacyInstance } from './legacy-instance.js';

// The legacy REST lists read from PostgreSQL answer what SQLite answers, entry for entry: the same
// objects with their keys in the same order, the same nested lists, pages and `?before=` keys. The SQLite
// instance is copied whole into PostgreSQL, then every read is asked of both.

let sqlite: SqliteStore;
let pool: pg.Pool;
let postgres: Reads['legacy'];

beforeAll(async () => {
  sqlite = await legacyInstance();
  pool = new pg.Pool({
    connectionString: await freshDatabase(inject('postgresAdminUrl')),
    max: 2,
    options: sessionOptions,
  });
  await copyFromSqlite(sqlite.db.$client, pool);
  postgres = legacyReads(pool);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await sqlite?.close();
});

/** JSON as a client sees it: parsed, keys in the order written. */
const parsed = (text: string | undefined) =>
  text === undefined ? undefined : JSON.stringify(JSON.parse(text));
const column = (sql: string) => sqlite.db.$client.prepare(sql).pluck().all() as string[];

/** Every row of the list below `key`, as `slice` hands them over, and how many went by. */
async function sliceOf(
  reads: Reads['legacy'],
  list: LegacyListName,
  bind: LegacyBind,
  key: [number, string],
) {
  const rows: JsonRow[] = [];
  const read = await reads.slice(list, bind, key, 100_000, (row) => rows.push(row) > 0);
  return { read, rows: rows.map((row) => ({ ...row, json: parsed(row.json) })) };
}

const top: [number, string] = [Number.MAX_SAFE_INTEGER, ''];

/** The lists with the binds worth asking: owners with many entries, few, none, tricky ones. */
function cases(): [LegacyListName, LegacyBind][] {
  const authors = column('select author_id from posts group by author_id order by count(*) desc limit 3');
  const commented = column('select post_id from comments group by post_id order by count(*) desc limit 2');
  const markers = column('select user_id from bookmarks group by user_id order by count(*) desc limit 2');
  const someone = authors[0]!;
  return [
    ['allPosts', {}],
    ...[...authors, big.author, 'nobody'].map((authorId): [LegacyListName, LegacyBind] => [
      'postsByAuthor',
      { authorId },
    ]),
    ...[...commented, big.post, big.heavy, 'no-post'].map((postId): [LegacyListName, LegacyBind] => [
      'commentsOfPost',
      { postId },
    ]),
    ['allUsers', {}],
    ['allUsers', { viewer: null, bookmarkLimit: 100 }],
    ['allUsers', { viewer: big.bookmarker, bookmarkLimit: 7 }],
    ['allUsers', { viewer: someone, bookmarkLimit: 1000 }],
    ...[...markers, big.bookmarker, 'nobody'].map((userId): [LegacyListName, LegacyBind] => [
      'bookmarks',
      { userId },
    ]),
  ];
}

describe('the legacy lists on PostgreSQL, against SQLite (engine-specific)', () => {
  it('hand over the same rows, newest first, from the top and from inside the list', async () => {
    for (const [list, bind] of cases()) {
      const all = await sliceOf(sqlite.read.legacy, list, bind, top);
      expect(await sliceOf(postgres, list, bind, top), `${list} ${JSON.stringify(bind)}`).toEqual(all);
      const middle = all.rows[Math.floor(all.rows.length / 2)];
      if (!middle) continue;
      const key: [number, string] = [middle.createdAt, middle.id];
      expect(await sliceOf(postgres, list, bind, key)).toEqual(
        await sliceOf(sqlite.read.legacy, list, bind, key),
      );
    }
  });

  it('count the rows that went by when the page stops taking them, and stop at the limit', async () => {
    for (const [list, bind] of cases()) {
      for (const [limit, stopAfter] of [
        [7, 3],
        [5, 100],
        [1, 0],
      ] as const) {
        const counted = async (reads: Reads['legacy']) => {
          const ids: string[] = [];
          const read = await reads.slice(list, bind, top, limit, (row) => ids.push(row.id) <= stopAfter);
          return { read, ids };
        };
        expect(await counted(postgres)).toEqual(await counted(sqlite.read.legacy));
      }
    }
  });

  it('find the key of every entry, and of no id that is not one, and count the same', async () => {
    for (const [list, bind] of cases()) {
      const { rows } = await sliceOf(sqlite.read.legacy, list, bind, top);
      const ids = [...rows.map((row) => row.id), 'no-such-id', big.post, big.extras];
      for (const id of ids) {
        const label = `${list} ${JSON.stringify(bind)} ${id}`;
        expect(await postgres.keyOf(list, bind, id), label).toEqual(
          await sqlite.read.legacy.keyOf(list, bind, id),
        );
      }
      expect(await postgres.count(list, bind)).toBe(await sqlite.read.legacy.count(list, bind));
    }
  });

  it('write each post as SQLite does, nested lists cut and ordered alike', async () => {
    const ids = [...column('select id from posts order by rowid'), 'no-such-post'];
    for (const id of ids)
      expect(parsed(await postgres.post(id)), id).toEqual(parsed(await sqlite.read.legacy.post(id)));
    const heavy = JSON.parse((await postgres.post(big.heavy))!);
    // The byte budget cut this post's comments: fewer than its 110, the newest, oldest first.
    expect(heavy.comments.length).toBeGreaterThan(0);
    expect(heavy.comments.length).toBeLessThan(100);
    const busy = JSON.parse((await postgres.post(big.post))!);
    expect([busy.likes.likedBy.length, busy.comments.length]).toEqual([100, 100]);
  });

  it('write each member as SQLite does, bookmarks only for themselves, extras first', async () => {
    const ids = [...column('select id from users order by rowid'), 'no-such-member'];
    for (const id of ids) {
      for (const [viewer, limit] of [
        [id, 5],
        [id, 1000],
        [big.bookmarker, 1000],
        [null, 1000],
      ] as const) {
        const label = `${id} seen by ${viewer}`;
        const expected = parsed(await sqlite.read.legacy.user(id, viewer, limit));
        expect(parsed(await postgres.user(id, viewer, limit)), label).toEqual(expected);
      }
    }
    const withExtras = JSON.parse((await postgres.user(big.extras, null, 10))!);
    expect(Object.keys(withExtras).slice(0, 9)).toEqual([
      'city',
      'quote',
      'age',
      'ratio',
      'big',
      'vip',
      'off',
      'bio',
      '_id',
    ]);
    expect(withExtras).toMatchObject({ ratio: 1.5, big: 1000, vip: true, bio: '', _id: big.extras });
    expect(withExtras).not.toHaveProperty('form');
    const own = JSON.parse((await postgres.user(big.bookmarker, big.bookmarker, 7))!);
    expect(own.bookmarks).toEqual(
      column(
        `select post_id from bookmarks where user_id = '${big.bookmarker}' order by created_at, post_id`,
      ).slice(-7),
    );
  });

  it('write the same bytes as SQLite, so both cut nested comments and pages at the same entry', async () => {
    for (const id of [big.post, big.heavy, ...column('select id from posts order by rowid limit 50')])
      expect(await postgres.post(id)).toBe(await sqlite.read.legacy.post(id));
    for (const id of [big.extras, big.author, ...column('select id from users order by rowid limit 20')])
      expect(await postgres.user(id, id, 50)).toBe(await sqlite.read.legacy.user(id, id, 50));
  });

  it('give the same pages to newestPage, walked to the end through nextBefore', async () => {
    const onPostgres = { engine: 'postgres', read: { legacy: postgres } } as unknown as Store;
    for (const [list, bind] of cases()) {
      for (const limit of [1, 37, 1000]) {
        let before: string | undefined;
        for (let pages = 0; ; pages += 1) {
          const want = await newestPage(sqlite, list, bind, limit, before);
          const got = await newestPage(onPostgres, list, bind, limit, before);
          const texts = (entries: Buffer[]) => entries.map((entry) => parsed(entry.toString()));
          expect({ ...got, entries: texts(got.entries) }).toEqual({ ...want, entries: texts(want.entries) });
          if (want.nextBefore === null || pages > 40) break;
          before = want.nextBefore;
        }
      }
    }
  });
});
