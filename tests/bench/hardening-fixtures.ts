import Database from 'better-sqlite3';

/** What the hardening bench asks for beyond chooseFixtures: the largest answers the legacy API can give. */
export type HeavyFixtures = {
  /** The member with the most posts, and a sample of those posts' ids (cursors for their list). */
  prolific: { username: string; posts: number; postIds: string[] };
  /** The post with the most comments, and a sample of those comments' ids. */
  commented: { id: string; comments: number; commentIds: string[] };
  /** Random posts and members: cursors (`?before=`) that no cache has seen. */
  postIds: string[];
  userIds: string[];
};

const sample = 500;

export function chooseHeavyFixtures(dbFile: string): HeavyFixtures {
  const db = new Database(dbFile, { readonly: true });
  try {
    const ids = (sql: string, ...args: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .all(...args) as string[];
    const prolific = db
      .prepare(
        `select u.id, u.username, count(*) as posts from posts p join users u on u.id = p.author_id
         group by p.author_id order by posts desc, u.id limit 1`,
      )
      .get() as { id: string; username: string; posts: number };
    const commented = db
      .prepare('select id, comment_count as comments from posts order by comment_count desc, id limit 1')
      .get() as { id: string; comments: number };
    return {
      prolific: {
        username: prolific.username,
        posts: prolific.posts,
        postIds: ids(
          'select id from posts where author_id = ? order by random() limit ?',
          prolific.id,
          sample,
        ),
      },
      commented: {
        ...commented,
        commentIds: ids(
          'select id from comments where post_id = ? order by random() limit ?',
          commented.id,
          sample,
        ),
      },
      postIds: ids('select id from posts order by random() limit ?', sample),
      userIds: ids('select id from users order by random() limit ?', sample),
    };
  } finally {
    db.close();
  }
}

/** A heavy legacy read, and the ids its `?before=` cursor takes (a list's own kind of entry). */
export type HeavyRead = { name: string; path: string; cursors: string[] };

export function heavyReads(f: HeavyFixtures, mostFollowed: string): HeavyRead[] {
  const name = encodeURIComponent;
  return [
    { name: 'GET /api/posts', path: '/api/posts', cursors: f.postIds },
    { name: 'GET /api/users', path: '/api/users', cursors: f.userIds },
    { name: 'GET /api/users/<most followed>', path: `/api/users/${name(mostFollowed)}`, cursors: f.userIds },
    {
      name: 'GET /api/posts/user/<most posts>',
      path: `/api/posts/user/${name(f.prolific.username)}`,
      cursors: f.prolific.postIds,
    },
    {
      name: 'GET /api/comments/<most comments>',
      path: `/api/comments/${f.commented.id}`,
      cursors: f.commented.commentIds.length > 0 ? f.commented.commentIds : f.postIds,
    },
    { name: 'GET /api/posts/<that post>', path: `/api/posts/${f.commented.id}`, cursors: f.postIds },
  ];
}
