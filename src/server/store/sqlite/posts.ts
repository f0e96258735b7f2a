import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { writeText } from './edits.js';
import { preparedOnce } from './prepared.js';
import { bookmarks, comments, commentVotes, follows, postReactions, posts, users } from './schema.js';
import type { Writes } from '../store.js';

// The writes of posts and what hangs on them. Likes, comments and bookmarks are the busy writes (the bench's
// write mix, `npm run bench`): their statements are compiled once per connection (store/sqlite/prepared.ts);
// the rarer writes build theirs.

const statements = preparedOnce((db: Db) => {
  const postId = sql.placeholder('postId');
  const userId = sql.placeholder('userId');
  const at = sql.placeholder('at');
  const myBookmark = and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId));
  return {
    post: db
      .select({ id: posts.id, authorId: posts.authorId, likeCount: posts.likeCount })
      .from(posts)
      .where(eq(posts.id, postId))
      .prepare(),
    reaction: db
      .select({ kind: postReactions.kind })
      .from(postReactions)
      .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)))
      .prepare(),
    setReaction: db
      .insert(postReactions)
      .values({ postId, userId, kind: sql.placeholder('kind'), createdAt: at })
      .onConflictDoUpdate({
        target: [postReactions.postId, postReactions.userId],
        set: { kind: sql`excluded.kind`, createdAt: sql`excluded.created_at` },
      })
      .prepare(),
    addToLikeCount: db
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + ${sql.placeholder('delta')}`, updatedAt: sql`${at}` })
      .where(eq(posts.id, postId))
      .prepare(),
    addComment: db
      .insert(comments)
      .values({
        id: sql.placeholder('id'),
        postId,
        authorId: sql.placeholder('authorId'),
        text: sql.placeholder('text'),
        createdAt: at,
        updatedAt: at,
      })
      .prepare(),
    addToCommentCount: db
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + ${sql.placeholder('delta')}` })
      .where(eq(posts.id, postId))
      .prepare(),
    bookmark: db.select({ postId: bookmarks.postId }).from(bookmarks).where(myBookmark).prepare(),
    addBookmark: db.insert(bookmarks).values({ userId, postId, createdAt: at }).prepare(),
    removeBookmark: db.delete(bookmarks).where(myBookmark).prepare(),
    touchMember: db
      .update(users)
      .set({ updatedAt: sql`${at}` })
      .where(eq(users.id, userId))
      .prepare(),
  };
});

export function postWrites(db: Db): Writes['posts'] {
  return {
    lock: async (postId) => statements(db).post.get({ postId }),
    insert: async ({ id, authorId, content, at, likeCount = 0, commentCount = 0, ...answers }) =>
      db
        .insert(posts)
        .values({
          id,
          authorId,
          content,
          likeCount,
          commentCount,
          createdAt: at,
          updatedAt: at,
          commentPolicy: answers.commentPolicy,
          quotePolicy: answers.quotePolicy,
          quoteOfId: answers.quoteOfId ?? null,
          isQuote: answers.quoteOfId ? 1 : 0,
        })
        .onConflictDoNothing()
        .run().changes > 0,
    setContent: async (id, content, at) => writeText(db, 'posts', id, content, at),
    async delete(id) {
      const [gone] = db.delete(posts).where(eq(posts.id, id)).returning({ at: posts.createdAt }).all();
      return gone?.at;
    },
  };
}

export function reactionWrites(db: Db): Writes['reactions'] {
  return {
    of: async (postId, userId) => statements(db).reaction.get({ postId, userId })?.kind,
    async set(postId, userId, kind, delta, at) {
      statements(db).setReaction.run({ postId, userId, kind, at });
      statements(db).addToLikeCount.run({ postId, delta, at });
    },
  };
}

export function commentWrites(db: Db): Writes['comments'] {
  const addToCount = (postId: string, delta: 1 | -1) =>
    statements(db).addToCommentCount.run({ postId, delta });
  return {
    find: async (postId, commentId) =>
      db
        .select({ id: comments.id, authorId: comments.authorId })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
        .get(),
    async insert({ id, postId, authorId, text, at }, countIt = true) {
      statements(db).addComment.run({ id, postId, authorId, text, at });
      if (countIt) addToCount(postId, 1);
    },
    setText: async (id, text, at) => writeText(db, 'comments', id, text, at),
    async delete(postId, id) {
      db.delete(comments).where(eq(comments.id, id)).run();
      addToCount(postId, -1);
    },
  };
}

export function voteWrites(db: Db): Writes['votes'] {
  return {
    of: async (commentId, userId) =>
      db
        .select({ kind: commentVotes.kind })
        .from(commentVotes)
        .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)))
        .get()?.kind,
    async set(commentId, userId, kind, at) {
      db.insert(commentVotes)
        .values({ commentId, userId, kind, createdAt: at })
        .onConflictDoUpdate({
          target: [commentVotes.commentId, commentVotes.userId],
          set: { kind, createdAt: at },
        })
        .run();
      db.update(comments).set({ updatedAt: at }).where(eq(comments.id, commentId)).run();
    },
  };
}

export function bookmarkWrites(db: Db): Writes['bookmarks'] {
  return {
    has: async (userId, postId) => !!statements(db).bookmark.get({ userId, postId }),
    async add(userId, postId, at) {
      statements(db).addBookmark.run({ userId, postId, at });
      statements(db).touchMember.run({ userId, at });
    },
    async remove(userId, postId, at) {
      statements(db).removeBookmark.run({ userId, postId });
      statements(db).touchMember.run({ userId, at });
    },
  };
}

export function followWrites(db: Db): Writes['follows'] {
  const touchBoth = (followerId: string, followeeId: string, delta: 1 | -1, at: number) => {
    db.update(users)
      .set({ followerCount: sql`${users.followerCount} + ${delta}`, updatedAt: at })
      .where(eq(users.id, followeeId))
      .run();
    db.update(users).set({ updatedAt: at }).where(eq(users.id, followerId)).run();
  };
  const pair = (followerId: string, followeeId: string) =>
    and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));
  return {
    has: async (followerId, followeeId) =>
      !!db.select({ id: follows.followeeId }).from(follows).where(pair(followerId, followeeId)).get(),
    async add(followerId, followeeId, at) {
      db.insert(follows).values({ followerId, followeeId, createdAt: at }).run();
      touchBoth(followerId, followeeId, 1, at);
    },
    async remove(followerId, followeeId, at) {
      db.delete(follows).where(pair(followerId, followeeId)).run();
      touchBoth(followerId, followeeId, -1, at);
    },
  };
}
