import { count } from 'drizzle-orm';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../src/server/store/sqlite/client.js';
import {
  bookmarks,
  boosts,
  comments,
  follows,
  postReactions,
  posts,
  users,
} from '../src/server/store/sqlite/schema.js';
import { hashPassword } from '../src/server/domain/passwords.js';
import { usernameKey } from '../src/shared/schemas.js';
import { memberSearchKeys } from '../src/shared/search-fold.js';
import { createRandom, createZipf, firstNames, lastNames, sentence } from './scale-random.js';

/** Every generated member has this password, so a benchmark can log in as any of them. */
export const scalePassword = 'realm-scale-2026';
export const scaleUsername = (i: number) => `member${i}@scale.realm`;

export type ScaleOptions = { users: number; posts: number; seed?: number; now?: number };
export type ScaleReport = { rows: Record<string, number>; seconds: number; rowsPerSecond: number };

const day = 24 * 60 * 60 * 1000;
const batchRows = 50_000;

/**
 * A prepared INSERT for `table` with the given keys, its column names taken from the Drizzle schema, so the
 * generator writes through the same schema as the app. Plain prepared statements: millions of rows a minute.
 */
function inserter<T extends SQLiteTable>(db: Db, table: T, keys: (keyof T['$inferInsert'] & string)[]) {
  const columns = keys.map((key) => (table[key as keyof T] as unknown as SQLiteColumn).name);
  const statement = db.$client.prepare(
    `insert into "${getTableConfig(table).name}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  );
  return (...values: unknown[]) => statement.run(...values);
}

/**
 * Writes a realistic instance into an empty, migrated database: members with names and bios; posts
 * over the last year from a long-tailed set of authors; 20 to 200 follows each, a few accounts followed by
 * thousands; likes with a long tail (most posts a few, some thousands); 0 to 20 comments a post; bookmarks;
 * boosts of 5% of posts, 1 to 3 each within two days of the post.
 * Counters (likeCount, commentCount, followerCount) match the rows.
 */
export async function generateScale(
  db: Db,
  options: ScaleOptions,
  progress: (line: string) => void = () => {},
) {
  if ((db.select({ n: count() }).from(users).get()?.n ?? 0) > 0) {
    throw new Error('The database already has members; seed:scale writes into an empty database.');
  }
  const started = performance.now();
  const random = createRandom(options.seed ?? 2026);
  const now = options.now ?? Date.now();
  const passwordHash = await hashPassword(scalePassword);
  // Time-ordered ids (UUID v7) so the big tables grow at their end; their random bits come from the seed.
  const idAt = (msecs: number) =>
    uuidv7({ msecs, random: Uint8Array.from({ length: 16 }, () => Math.floor(random.next() * 256)) });
  const rows = { users: 0, posts: 0, follows: 0, likes: 0, comments: 0, bookmarks: 0, boosts: 0 };
  const client = db.$client;
  client.pragma('synchronous = OFF'); // a generator's crash is rerun, not recovered
  const inBatches = (total: number, write: (from: number, to: number) => void) => {
    for (let from = 0; from < total; from += batchRows) {
      client.transaction(() => write(from, Math.min(total, from + batchRows)))();
    }
  };

  // Members
  const userIds = Array.from({ length: options.users }, (_, i) => idAt(now - 400 * day + i));
  const addUser = inserter(db, users, [
    'id',
    'username',
    'usernameKey',
    'searchUsername',
    'searchName',
    'searchLast',
    'firstName',
    'lastName',
    'bio',
    'passwordHash',
    'createdAt',
    'updatedAt',
  ]);
  inBatches(options.users, (from, to) => {
    for (let i = from; i < to; i++) {
      const at = now - 400 * day + i;
      const username = scaleUsername(i);
      const [firstName, lastName] = [random.pick(firstNames), random.pick(lastNames)];
      const keys = memberSearchKeys({ username, firstName, lastName });
      addUser(
        userIds[i],
        username,
        usernameKey(username),
        keys.searchUsername,
        keys.searchName,
        keys.searchLast,
        firstName,
        lastName,
        sentence(random, 4, 14),
        passwordHash,
        at,
        at,
      );
    }
  });
  rows.users = options.users;
  progress(`members: ${options.users}`);

  // Posts: a long tail of authors, times spread over the last year, inserted oldest first.
  const author = createZipf(random, options.users, 0.9);
  const times = Array.from({ length: options.posts }, () => now - Math.floor(random.next() * 365 * day)).sort(
    (a, b) => a - b,
  );
  const postIds = times.map((at) => idAt(at));
  const likeCounts = new Uint32Array(options.posts);
  const commentCounts = new Uint8Array(options.posts);
  for (let i = 0; i < options.posts; i++) {
    likeCounts[i] = random.tail(1.5, options.users);
    commentCounts[i] = random.tail(1.4, 20);
  }
  const addPost = inserter(db, posts, [
    'id',
    'authorId',
    'content',
    'likeCount',
    'commentCount',
    'createdAt',
    'updatedAt',
  ]);
  const postAuthors: string[] = [];
  inBatches(options.posts, (from, to) => {
    for (let i = from; i < to; i++) {
      postAuthors[i] = userIds[author()]!;
      addPost(
        postIds[i],
        postAuthors[i],
        sentence(random, 5, 40),
        likeCounts[i],
        commentCounts[i],
        times[i],
        times[i],
      );
    }
  });
  rows.posts = options.posts;
  progress(`posts: ${options.posts}`);

  // Follows: 20 to 200 each, popular accounts far more often.
  const popular = createZipf(random, options.users, 1.0);
  const addFollow = inserter(db, follows, ['followerId', 'followeeId', 'createdAt']);
  inBatches(options.users, (from, to) => {
    for (let i = from; i < to; i++) {
      const wanted = Math.min(options.users - 1, random.int(20, 200));
      const chosen = new Set<number>();
      while (chosen.size < wanted) {
        const target = chosen.size % 2 === 0 ? popular() : random.int(0, options.users - 1);
        if (target !== i) chosen.add(target);
      }
      for (const target of chosen) addFollow(userIds[i], userIds[target], now - random.int(1, 300) * day);
      rows.follows += chosen.size;
    }
  });
  client.exec(
    `update users set follower_count = (select count(*) from follows where follows.followee_id = users.id)`,
  );
  progress(`follows: ${rows.follows}`);

  // Likes (every counted like has its row) and comments.
  const addLike = inserter(db, postReactions, ['postId', 'userId', 'kind', 'createdAt']);
  const addComment = inserter(db, comments, ['id', 'postId', 'authorId', 'text', 'createdAt', 'updatedAt']);
  inBatches(options.posts, (from, to) => {
    for (let i = from; i < to; i++) {
      const likers = new Set<number>();
      while (likers.size < likeCounts[i]!) likers.add(random.int(0, options.users - 1));
      for (const liker of likers) addLike(postIds[i], userIds[liker], 'like', times[i]! + 1000);
      rows.likes += likers.size;
      for (let c = 0; c < commentCounts[i]!; c++) {
        const at = Math.min(now, times[i]! + random.int(1, 2 * day));
        addComment(
          idAt(at),
          postIds[i],
          userIds[random.int(0, options.users - 1)],
          sentence(random, 2, 16),
          at,
          at,
        );
      }
      rows.comments += commentCounts[i]!;
    }
  });
  progress(`likes: ${rows.likes}, comments: ${rows.comments}`);

  // Bookmarks: 0 to 20 each.
  const addBookmark = inserter(db, bookmarks, ['userId', 'postId', 'createdAt']);
  inBatches(options.users, (from, to) => {
    for (let i = from; i < to; i++) {
      const marked = new Set<number>();
      const wanted = random.int(0, 20);
      while (marked.size < Math.min(wanted, options.posts)) marked.add(random.int(0, options.posts - 1));
      for (const post of marked) addBookmark(userIds[i], postIds[post], now - random.int(1, 300) * day);
      rows.bookmarks += marked.size;
    }
  });
  // Boosts: 5% of posts, by 1 to 3 members each, within two days of the post. Drawn last, so the rows above
  // are those an instance generated before boosts had (the bench compares the home feed on both).
  const addBoost = inserter(db, boosts, ['postId', 'userId', 'createdAt']);
  inBatches(options.posts, (from, to) => {
    for (let i = from; i < to; i++) {
      if (random.next() >= 0.05) continue;
      const boosters = new Set<number>();
      const wanted = random.int(1, 3);
      while (boosters.size < Math.min(wanted, options.users - 1))
        boosters.add(random.int(0, options.users - 1));
      // A post's items never share a time (the home feed's keyset cursor is (time, post): decision 11), as
      // Realm's own clock guarantees: boosts capped at `now` step back a millisecond each.
      const used = new Set<number>();
      for (const booster of boosters) {
        if (userIds[booster] === postAuthors[i]) continue;
        let at = Math.min(now, times[i]! + random.int(1, 2 * day));
        while (used.has(at)) at -= 1;
        used.add(at);
        addBoost(postIds[i], userIds[booster], at);
        rows.boosts += 1;
      }
    }
  });
  progress(`boosts: ${rows.boosts}`);
  // The triggers indexed each post for search as it was written; one segment reads and merges best.
  client.exec(`insert into posts_fts(posts_fts) values ('optimize')`);
  client.pragma('synchronous = NORMAL');
  client.pragma('wal_checkpoint(TRUNCATE)');

  const seconds = (performance.now() - started) / 1000;
  const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
  return { rows, seconds, rowsPerSecond: Math.round(total / seconds) } satisfies ScaleReport;
}
