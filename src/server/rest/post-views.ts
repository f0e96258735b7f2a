import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { comments, commentVotes, postReactions, posts, users } from '../db/schema.js';
import { publicUserColumns } from '../domain/columns.js';
import { messages, notFound } from '../domain/errors.js';
import { groupBy, specTime, toUserRef, type UserRef } from './shapes.js';

// The original product's post and comment objects (spec section 3). Lists keep the mock's order: oldest first,
// as its arrays grew by push. Each response costs a fixed number of queries, however many posts it holds.

export type LegacyComment = {
  _id: string;
  username: string;
  text: string;
  votes: { upvotedBy: UserRef[]; downvotedBy: UserRef[] };
  createdAt: string;
  updatedAt: string;
};

export type LegacyPost = {
  _id: string;
  content: string;
  username: string;
  likes: { likeCount: number; likedBy: UserRef[]; dislikedBy: UserRef[] };
  comments: LegacyComment[];
  bookmarks: never[];
  createdAt: string;
  updatedAt: string;
};

/** Comments (with their votes) of the posts that `postFilter` selects, grouped by post id. */
function legacyCommentsByPost(db: Db, postFilter: SQL | undefined): Map<string, LegacyComment[]> {
  const inScope = postFilter
    ? inArray(comments.postId, db.select({ id: posts.id }).from(posts).where(postFilter))
    : undefined;
  const rows = db
    .select({
      id: comments.id,
      postId: comments.postId,
      text: comments.text,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      username: users.username,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(inScope)
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .all();
  const votes = groupBy(
    db
      .select({ commentId: commentVotes.commentId, kind: commentVotes.kind, user: publicUserColumns })
      .from(commentVotes)
      .innerJoin(users, eq(users.id, commentVotes.userId))
      .where(
        postFilter
          ? inArray(commentVotes.commentId, db.select({ id: comments.id }).from(comments).where(inScope))
          : undefined,
      )
      .orderBy(asc(commentVotes.createdAt))
      .all(),
    (vote) => vote.commentId,
  );
  return groupBy(
    rows.map((row) => {
      const mine = votes.get(row.id) ?? [];
      return {
        postId: row.postId,
        comment: {
          _id: row.id,
          username: row.username,
          text: row.text,
          votes: {
            upvotedBy: mine.filter((v) => v.kind === 'up').map((v) => toUserRef(v.user)),
            downvotedBy: mine.filter((v) => v.kind === 'down').map((v) => toUserRef(v.user)),
          },
          createdAt: specTime(row.createdAt),
          updatedAt: specTime(row.updatedAt),
        },
      };
    }),
    (entry) => entry.postId,
    (entry) => entry.comment,
  );
}

/** Posts that `filter` selects (all when undefined), in the spec's shape. */
export function legacyPosts(db: Db, filter?: SQL): LegacyPost[] {
  const rows = db
    .select({
      id: posts.id,
      content: posts.content,
      likeCount: posts.likeCount,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      username: users.username,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(filter)
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .all();
  const reactions = groupBy(
    db
      .select({ postId: postReactions.postId, kind: postReactions.kind, user: publicUserColumns })
      .from(postReactions)
      .innerJoin(users, eq(users.id, postReactions.userId))
      .where(
        filter
          ? inArray(postReactions.postId, db.select({ id: posts.id }).from(posts).where(filter))
          : undefined,
      )
      .orderBy(asc(postReactions.createdAt))
      .all(),
    (reaction) => reaction.postId,
  );
  const commentsByPost = legacyCommentsByPost(db, filter);
  return rows.map((row) => {
    const mine = reactions.get(row.id) ?? [];
    return {
      _id: row.id,
      content: row.content,
      username: row.username,
      likes: {
        likeCount: row.likeCount,
        likedBy: mine.filter((r) => r.kind === 'like').map((r) => toUserRef(r.user)),
        dislikedBy: mine.filter((r) => r.kind === 'dislike').map((r) => toUserRef(r.user)),
      },
      comments: commentsByPost.get(row.id) ?? [],
      bookmarks: [],
      createdAt: specTime(row.createdAt),
      updatedAt: specTime(row.updatedAt),
    };
  });
}

export function legacyPost(db: Db, postId: string): LegacyPost {
  const [post] = legacyPosts(db, eq(posts.id, postId));
  if (!post) throw notFound(messages.postNotFound);
  return post;
}

export function legacyComments(db: Db, postId: string): LegacyComment[] {
  return legacyCommentsByPost(db, eq(posts.id, postId)).get(postId) ?? [];
}
