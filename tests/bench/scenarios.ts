import Database from 'better-sqlite3';

/** Who and what the benchmark reads and writes, chosen from the generated instance before the server starts. */
export type Fixtures = {
  follower: { id: string; username: string; follows: number };
  popular: { username: string; followers: number };
  post: string;
  hotPost: string;
  writers: { id: string; username: string }[];
  /** Members who follow at least 50 others, whose home feeds are read in turn. */
  readers: { id: string; username: string }[];
};

/** How many members read their home feeds in the "many members" scenario. */
const readerCount = 1000;

export function chooseFixtures(dbFile: string, writers: number): Fixtures {
  const db = new Database(dbFile, { readonly: true });
  try {
    // "A member following 200 people": the one who follows the most (the generator caps it at 200).
    const follower = db
      .prepare(
        `select u.id, u.username, count(*) as follows from users u join follows f on f.follower_id = u.id
         group by u.id order by follows desc, u.id limit 1`,
      )
      .get() as Fixtures['follower'];
    const popular = db
      .prepare('select username, follower_count as followers from users order by follower_count desc limit 1')
      .get() as Fixtures['popular'];
    const post = db.prepare('select id from posts order by like_count desc limit 1').pluck().get() as string;
    // The hot post of the write mix: the newest post of the most-followed member; its writers have not
    // liked, disliked or bookmarked it yet, so every step of their cycle is a valid one.
    const hotPost = db
      .prepare(
        `select p.id from posts p join users u on u.id = p.author_id
         order by u.follower_count desc, p.created_at desc limit 1`,
      )
      .pluck()
      .get() as string;
    const chosen = db
      .prepare(
        `select id, username from users where id not in (select user_id from post_reactions where post_id = ?)
         and id not in (select user_id from bookmarks where post_id = ?) order by id limit ?`,
      )
      .all(hotPost, hotPost, writers) as Fixtures['writers'];
    const readers = db
      .prepare(
        `select id, username from users where (select count(*) from follows where follower_id = users.id) >= 50
         order by id limit ?`,
      )
      .all(readerCount) as Fixtures['readers'];
    return { follower, popular, post, hotPost, writers: chosen, readers };
  } finally {
    db.close();
  }
}

export type HotPostCounts = {
  likeCount: number;
  likeRows: number;
  commentCount: number;
  commentRows: number;
  bookmarkRows: number;
};

export function hotPostCounts(dbFile: string, postId: string): HotPostCounts {
  const db = new Database(dbFile, { readonly: true });
  try {
    // One statement, one snapshot: writes still in flight when the load stops commit between statements.
    return db
      .prepare(
        `select (select like_count from posts where id = :id) as likeCount,
           (select count(*) from post_reactions where post_id = :id and kind = 'like') as likeRows,
           (select comment_count from posts where id = :id) as commentCount,
           (select count(*) from comments where post_id = :id) as commentRows,
           (select count(*) from bookmarks where post_id = :id) as bookmarkRows`,
      )
      .get({ id: postId }) as HotPostCounts;
  } finally {
    db.close();
  }
}

/** A tRPC query as a GET path (httpLink without a transformer). */
export const trpcQuery = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
