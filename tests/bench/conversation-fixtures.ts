import { closeDatabase, openDatabase } from '../../src/server/store/sqlite/client.js';

// Issue 16's bench fixtures, added once to the generated instance (before PostgreSQL copies it): a post with
// 10,000 comments and one with 10, whose first pages must cost the same; a member with 2,000 notification
// groups (likes with up to 30 actors, follows, comments, mentions), most unread; a tag on 5,000 posts.

export type ConversationFixtures = {
  bigThread: string;
  smallThread: string;
  tag: string;
  /** The member whose notifications are read: the bench's follower. */
  notified: string;
};

const bigThread = 'bench-thread-10000';
const smallThread = 'bench-thread-10';
const tag = 'benchtag';
const groups = 2000;
const hour = 60 * 60 * 1000;

export function addConversationFixtures(dbFile: string, notifiedId: string): ConversationFixtures {
  const fixtures = { bigThread, smallThread, tag, notified: notifiedId };
  const db = openDatabase(dbFile); // migrates an instance generated before issue 16
  const client = db.$client;
  try {
    if (client.prepare('select 1 from posts where id = ?').get(bigThread)) return fixtures;
    const members = client
      .prepare('select id from users where id <> ? order by id limit 5000')
      .pluck()
      .all(notifiedId) as string[];
    const memberAt = (i: number) => members[i % members.length]!;
    const now = Date.now();
    const start = now - 30 * 24 * hour;
    const addPost = client.prepare(
      `insert into posts (id, author_id, content, like_count, comment_count, created_at, updated_at)
       values (?, ?, ?, 0, ?, ?, ?)`,
    );
    const addComment = client.prepare(
      `insert into comments (id, post_id, author_id, text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
    );
    const addVote = client.prepare(
      'insert into comment_votes (comment_id, user_id, kind, created_at) values (?, ?, ?, ?)',
    );
    const addGroup = client.prepare(
      `insert into notifications (id, recipient_id, kind, group_key, post_id, comment_id, latest_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
    );
    const addActor = client.prepare(
      'insert into notification_actors (notification_id, actor_id, created_at) values (?, ?, ?)',
    );
    client.transaction(() => {
      for (const [id, count] of [
        [bigThread, 10_000],
        [smallThread, 10],
      ] as const) {
        addPost.run(id, notifiedId, `A thread with ${count} comments #${tag}`, count, start, start);
        for (let i = 0; i < count; i++) {
          const at = start + i * 1000;
          const commentId = `${id}-c${String(i).padStart(5, '0')}`;
          addComment.run(commentId, id, memberAt(i), `Comment ${i} on the thread, with a few words`, at, at);
          for (let v = 0; v < i % 4; v++)
            addVote.run(commentId, memberAt(i + v + 1), v % 3 ? 'up' : 'down', at);
        }
      }
      // Groups newest last; each kind in turn, times an hour apart back from now.
      for (let k = 0; k < groups; k++) {
        const id = `bench-notification-${k}`;
        const at = now - (groups - k) * hour;
        const comment = `${bigThread}-c${String(k).padStart(5, '0')}`;
        const [kind, key, postId, commentId, actors] = (
          [
            ['like', `like:${smallThread}:${k}`, smallThread, null, 1 + (k % 30)],
            ['follow', `follow:${k}`, null, null, 1 + (k % 10)],
            ['comment', `comment:${comment}`, bigThread, comment, 1],
            ['mention', `mention:${comment}`, bigThread, comment, 1],
          ] as const
        )[k % 4]!;
        addGroup.run(id, notifiedId, kind, key, postId, commentId, at);
        for (let a = 0; a < actors; a++) addActor.run(id, memberAt(k * 31 + a), at - a * 1000);
      }
      // A read marker halfway: a thousand groups unread, more than the bell counts.
      client
        .prepare('update users set notifications_read_at = ? where id = ?')
        .run(now - (groups / 2) * hour, notifiedId);
      client
        .prepare(
          `insert into post_tags (tag, post_id, created_at)
           select ?, id, created_at from posts order by created_at desc limit 5000`,
        )
        .run(tag);
    })();
    return fixtures;
  } finally {
    closeDatabase(db);
  }
}
