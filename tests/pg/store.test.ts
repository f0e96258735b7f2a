import pg from 'pg';
import type * as Uuid from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { generateScale } from '../../seed/scale.js';
import { demoCredentials, demoHandle, seedMembers } from '../../seed/data.js';
import { runSeed } from '../../seed/seed.js';
import { signup, type Actor } from '../../src/server/domain/auth.js';
import { addBookmark, removeBookmark } from '../../src/server/domain/bookmarks.js';
import { addComment, deleteComment, editComment, voteComment } from '../../src/server/domain/comments.js';
import { DomainError } from '../../src/server/domain/errors.js';
import { follow, unfollow } from '../../src/server/domain/follow.js';
import { deleteMember } from '../../src/server/domain/members.js';
import { createPost, deletePost, dislikePost, editPost, likePost } from '../../src/server/domain/posts.js';
import { editProfile } from '../../src/server/domain/profile.js';
import { createTokenKeys } from '../../src/server/domain/tokens.js';
import { countHit } from '../../src/server/domain/window-counter.js';
import { isoTimeSql } from '../../src/server/store/postgres/cards.js';
import { copyFromSqlite } from '../../src/server/store/postgres/copy-from-sqlite.js';
import { postgresStore, type PostgresStore } from '../../src/server/store/postgres/index.js';
import { openSqliteStore, type SqliteStore } from '../../src/server/store/sqlite/index.js';
import type { KeyRow, Store } from '../../src/server/store/store.js';
import { usernameKey } from '../../src/shared/schemas.js';
import { freshDatabase } from '../helpers/postgres.js';
import { readEverything, type ReadPlan } from '../helpers/store-reads.js';
import { testSecret } from '../helpers/test-app.js';

// The PostgreSQL store answers every read and every write as the SQLite store does. One instance
// is built on SQLite, copied into PostgreSQL, and then read, and written to alike, on both.

// The rules' clock and ids, set alike before the same write runs on each store, so both write the same rows.
const fixed = vi.hoisted(() => ({ at: Date.now(), ids: 0 }));
vi.mock('../../src/server/domain/clock.js', () => ({ now: () => ++fixed.at }));
vi.mock('uuid', async (original) => ({
  ...(await original<typeof Uuid>()),
  v4: () => `00000000-0000-4000-8000-${String(++fixed.ids).padStart(12, '0')}`,
}));

let sqlite: SqliteStore;
let postgres: PostgresStore;
let plan: ReadPlan;
/** The member who follows the most, the one with the most bookmarks, the demo member, one who writes much. */
let busy: Actor, marker: Actor, demo: Actor, writer: Actor;

const one = <T>(sql: string) => sqlite.db.$client.prepare(sql).get() as T;
const ids = (sql: string) => sqlite.db.$client.prepare(sql).pluck().all() as string[];

beforeAll(async () => {
  sqlite = openSqliteStore(':memory:');
  await generateScale(sqlite.db, { users: 60, posts: 800, seed: 15 });
  await runSeed(sqlite);
  const member = (where: string) => one<Actor>(`select id, username from users u ${where} limit 1`);
  busy = member('order by (select count(*) from follows where follower_id = u.id) desc');
  marker = member('order by (select count(*) from bookmarks where user_id = u.id) desc');
  writer = member('order by (select count(*) from posts where author_id = u.id) desc');
  demo = member(`where username = '${demoHandle}'`);
  await writeSome(sqlite);
  const quiet = seedMembers.at(-1)!;
  plan = {
    viewers: [null, busy.id, marker.id, demo.id],
    authors: [busy, marker, writer, demo, { id: quiet.id, username: quiet.username }],
    tags: ['both', 'engines_0', 'engines_1', 'nothing'],
    posts: ids('select id from posts order by comment_count desc, id limit 4').concat(
      ids('select id from posts where comment_count = 0 limit 1'),
      ['no-such-post'],
    ),
  };
  const pool = new pg.Pool({ connectionString: await freshDatabase(inject('postgresAdminUrl')), max: 4 });
  postgres = postgresStore(pool);
  await copyFromSqlite(sqlite.db.$client, pool);
});
afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
});

/** Likes, dislikes, comments, votes, bookmarks and follows by the demo member, as a member makes them. */
async function writeSome(store: Store) {
  const newest = ids('select id from posts order by created_at desc limit 12');
  for (const post of newest.slice(0, 5)) await likePost(store, demo, post);
  for (const post of newest.slice(5, 7)) await dislikePost(store, demo, post).catch(() => {});
  for (const post of newest.slice(2, 9)) await addBookmark(store, demo, post);
  for (const post of newest.slice(0, 3)) {
    const comment = await addComment(
      store,
      demo,
      post,
      `Seen "${post}" \\ \n\u00e9\u{1F600} @${writer.username}`,
    );
    await voteComment(store, busy, post, comment, 'up');
  }
  // Mentions of members who exist (and one who does not) and tags, on posts and comments.
  for (let i = 0; i < 3; i++) {
    const text = `Hello @${busy.username}, @${writer.username} and @nobody-here #Both #engines_${i % 2}`;
    await createPost(store, demo, text);
  }
  for (const id of ids('select id from users order by follower_count desc limit 5')) {
    await follow(store, demo, id).catch(() => {});
  }
}

/** Each read of `plan` answers alike on both stores. */
async function expectSameReads() {
  const [here, there] = [await readEverything(sqlite, plan), await readEverything(postgres, plan)];
  expect([...there.keys()]).toEqual([...here.keys()]);
  for (const [name, answer] of here) expect(there.get(name), name).toEqual(answer);
  return here;
}

describe('the PostgreSQL store reads as the SQLite store does', () => {
  it('every feed walked to its end, profiles, comments and suggestions, for several viewers', async () => {
    const answers = await expectSameReads();
    expect((answers.get('explore as null') as unknown[]).length).toBe(41); // 805 posts, 20 a page
    expect((answers.get(`home latest of ${busy.id}`) as unknown[]).length).toBeGreaterThan(5);
    expect(answers.get(`bookmarks of ${demo.id}`)).toMatchObject([{ total: 7 }]);
    // The tag feeds and mentions compared above are not empty ones.
    const [tagged] = answers.get('#both as null') as { items: { mentions: string[] }[] }[];
    expect(tagged!.items).toHaveLength(3);
    expect(tagged!.items[0]!.mentions).toContain(writer.username);
    expect((answers.get('#engines_0 as null') as { items: unknown[] }[])[0]!.items).toHaveLength(2);
  });

  it('cards keep the order asked for and leave out posts that are gone', async () => {
    const [a, b, c] = ids('select id from posts order by like_count desc limit 3');
    for (const viewer of [null, demo.id]) {
      const asked = [c!, 'gone', a!, b!, demo.id];
      const here = JSON.parse(await sqlite.read.cards.json(viewer, asked)) as { id: string }[];
      expect(here.map((card) => card.id)).toEqual([c, a, b]);
      expect(JSON.parse(await postgres.read.cards.json(viewer, asked))).toEqual(here);
    }
    expect(await postgres.read.cards.json(null, [])).toBe('[]');
    expect(await postgres.read.cards.json(null, ['gone'])).toBe('[]');
  });

  it('members by name and for login, bookmark counts, page keys, sign-in counters, ping and secret', async () => {
    for (const store of [sqlite, postgres]) await countHit(store, 'sign-in:192.0.2.1', 60_000);
    const key = usernameKey(demo.username);
    const reads = (store: Store) =>
      Promise.all([
        store.read.members.idByKey(key),
        store.read.members.idByKey('nobody'),
        store.read.members.forLogin(key),
        store.read.members.exists(demo.id),
        store.read.members.exists('nobody'),
        store.read.members.profile(null, 'nobody'),
        store.read.feeds.bookmarkCount(demo.id),
        store.read.feeds.home(busy.id, 'trending', [3, 1e12, 'z']).then(parsedKeys),
        store.read.feeds.bookmarks(marker.id, null).then(parsedKeys),
        store.read.counters.current('sign-in:192.0.2.1', 60_000, fixed.at).then((row) => row?.hits),
      ]);
    expect(await reads(postgres)).toEqual(await reads(sqlite));
    expect(await postgres.read.version()).toBeNull();
    await expect(postgres.ping()).resolves.toBeUndefined();
    const secret = await postgres.tokenSecret(undefined);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await postgres.tokenSecret(undefined)).toBe(secret);
    expect(await postgres.tokenSecret('configured-secret')).toBe('configured-secret');
  });

  it('writes times as JavaScript writes them, awkward ones too', async () => {
    const times = [0, 1, -1, 999, -1000, 946684799999, 946684800000, 951782400001, 1700000000999];
    times.push(4102444800000, 253402300799999, -62135596800000, -30610224000001);
    for (let i = 0; i < 200; i++) times.push(Math.floor((Math.random() - 0.3) * 4e12));
    const { rows } = await postgres.pool.query<{ iso: string }>(
      `select ${isoTimeSql('t')} as iso from unnest($1::bigint[]) with ordinality as a(t, n) order by n`,
      [times],
    );
    expect(rows.map((row) => row.iso)).toEqual(times.map((ms) => new Date(ms).toISOString()));
  });
});

const parsedKeys = (rows: KeyRow[]) => rows.map(([id, key]) => [id, JSON.parse(key)]);

/**
 * Runs `work` on SQLite, then on PostgreSQL with the same clock and ids, and expects the same answer or
 * the same refusal.
 */
async function onBoth<T>(work: (store: Store) => Promise<T>) {
  const start = { ...fixed };
  const outcome = async (store: Store) => {
    Object.assign(fixed, start);
    try {
      return { answer: await work(store) };
    } catch (error) {
      if (error instanceof DomainError) return { refused: error.message, status: error.status };
      throw error;
    }
  };
  const here = await outcome(sqlite);
  expect(await outcome(postgres)).toEqual(here);
  return here;
}

describe('the PostgreSQL store writes as the SQLite store does', () => {
  it('posts, reactions, comments, votes, bookmarks, follows, profiles, members: same answers, same refusals', async () => {
    const [other] = ids(`select id from users where id not in ('${busy.id}', '${demo.id}') limit 1`);
    const stranger: Actor = { id: other!, username: 'stranger', role: 'member' };
    const popular = ids('select id from posts order by like_count desc limit 2');
    const post = (await onBoth((store) => createPost(store, busy, 'Hello, both engines'))).answer!;
    await onBoth((store) => editPost(store, busy, post, 'Hello again'));
    await onBoth((store) => editPost(store, demo, post, 'Not mine'));
    await onBoth((store) => likePost(store, demo, post));
    await onBoth((store) => likePost(store, demo, post));
    await onBoth((store) => dislikePost(store, demo, post));
    await onBoth((store) => dislikePost(store, stranger, post));
    await onBoth((store) => likePost(store, demo, 'no-such-post'));
    for (const liked of popular) {
      await onBoth((store) => likePost(store, stranger, liked));
      await onBoth((store) => dislikePost(store, busy, liked));
    }
    const comment = (await onBoth((store) => addComment(store, demo, post, 'First!'))).answer!;
    await onBoth((store) => editComment(store, busy, post, comment, 'Not yours'));
    await onBoth((store) => editComment(store, demo, post, comment, 'First, edited'));
    await onBoth((store) => voteComment(store, busy, post, comment, 'up'));
    await onBoth((store) => voteComment(store, busy, post, comment, 'up'));
    await onBoth((store) => voteComment(store, busy, post, comment, 'down'));
    await onBoth((store) => voteComment(store, busy, post, 'no-such-comment', 'down'));
    await onBoth((store) => deleteComment(store, stranger, post, comment));
    const second = (await onBoth((store) => addComment(store, stranger, post, 'Second'))).answer!;
    await onBoth((store) => deleteComment(store, busy, post, comment));
    await onBoth((store) => addBookmark(store, demo, post));
    await onBoth((store) => addBookmark(store, demo, post));
    await onBoth((store) => removeBookmark(store, marker, post));
    await onBoth((store) => addBookmark(store, marker, post));
    await onBoth((store) => follow(store, demo, busy.id));
    await onBoth((store) => follow(store, demo, busy.id));
    await onBoth((store) => follow(store, demo, demo.id));
    await onBoth((store) => follow(store, demo, 'nobody'));
    await onBoth((store) => unfollow(store, busy, demo.id));
    await onBoth((store) => follow(store, busy, demo.id));
    await onBoth((store) => editProfile(store, demo, { bio: 'Now on two engines', firstName: 'Riya R.' }));
    const keys = createTokenKeys(testSecret);
    const signUp = (username: string) => async (store: Store) =>
      (
        await signup(
          store,
          keys,
          { username, password: 'a-long-password', lastName: 'New' },
          {},
          { fromName: true },
        )
      ).userId;
    await onBoth(signUp(demoCredentials.username.toUpperCase()));
    const newcomer = (await onBoth(signUp('newcomer'))).answer!;
    plan.authors.push({ id: newcomer, username: 'newcomer' });
    await onBoth((store) => follow(store, { id: newcomer, username: 'newcomer', role: 'member' }, demo.id));
    await expectSameReads();

    await onBoth((store) => deletePost(store, demo, post));
    await onBoth((store) => deletePost(store, busy, post));
    await onBoth((store) => deleteComment(store, stranger, post, second));
    // The member with the most reactions, comments and follows goes, and the counters move back.
    const leaving = one<Actor>(
      `select id, username from users u where id <> '${busy.id}'
       order by (select count(*) from post_reactions where user_id = u.id)
              + (select count(*) from comments where author_id = u.id) desc limit 1`,
    );
    expect(await sqlite.read.members.contentOf(leaving.id)).not.toEqual({ posts: 0, comments: 0 });
    await onBoth((store) => deleteMember(store, leaving.id));
    await onBoth((store) => follow(store, busy, leaving.id));
    await expectSameReads();
  });
});
