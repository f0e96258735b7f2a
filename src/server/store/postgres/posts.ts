import type { PostForWrite, ReactionKind, Reads, VoteKind, Writes } from '../store.js';
import { writeText } from './edits.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement } from './statement.js';

// The writes of posts and what hangs on them, each statement on the transaction's client (`db`). A rule that
// checks before it writes first locks the row it checks (`lock`, SELECT ... FOR UPDATE): at READ COMMITTED
// two dislikes of a post with one like would otherwise both see the like (docs/decisions/0002).

const postColumns = 'id, author_id as "authorId", like_count as "likeCount"';
const findPost = statement<PostForWrite>('post-find', `select ${postColumns} from posts where id = $1`);
const lockPost = statement<PostForWrite>(
  'post-lock',
  `select ${postColumns} from posts where id = $1 for update`,
);
const reaction = statement<{ kind: ReactionKind }>(
  'reaction-of',
  'select kind from post_reactions where post_id = $1 and user_id = $2',
);
const setReaction = writeStatement(
  'reaction-set',
  `insert into post_reactions (post_id, user_id, kind, created_at) values ($1, $2, $3, $4)
   on conflict (post_id, user_id) do update set kind = excluded.kind, created_at = excluded.created_at`,
);
const addToLikeCount = writeStatement(
  'post-add-to-like-count',
  'update posts set like_count = like_count + $2, updated_at = $3 where id = $1',
);
const addComment = writeStatement(
  'comment-add',
  `insert into comments (id, post_id, author_id, text, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)`,
);
const addToCommentCount = writeStatement(
  'post-add-to-comment-count',
  'update posts set comment_count = comment_count + $2 where id = $1',
);
const bookmark = statement('bookmark-has', 'select 1 from bookmarks where user_id = $1 and post_id = $2');
const addBookmark = writeStatement(
  'bookmark-add',
  'insert into bookmarks (user_id, post_id, created_at) values ($1, $2, $3)',
);
const removeBookmark = writeStatement(
  'bookmark-remove',
  'delete from bookmarks where user_id = $1 and post_id = $2',
);
const touchMember = writeStatement('member-touch', 'update users set updated_at = $2 where id = $1');

export function postReads(db: Queryable): Reads['posts'] {
  return { find: async (id) => (await findPost(db, [id]))[0] };
}

export function postWrites(db: Queryable): Writes['posts'] {
  return {
    lock: async (id) => (await lockPost(db, [id]))[0],
    async insert({ id, authorId, content, at, likeCount = 0, commentCount = 0, ...answers }) {
      const { rowCount } = await db.query(
        `insert into posts (id, author_id, content, like_count, comment_count, created_at, updated_at,
           comment_policy, quote_policy, quote_of_id, is_quote)
         values ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10) on conflict do nothing`,
        [
          id,
          authorId,
          content,
          likeCount,
          commentCount,
          at,
          answers.commentPolicy ?? 'everyone',
          answers.quotePolicy ?? 'everyone',
          answers.quoteOfId ?? null,
          answers.quoteOfId ? 1 : 0,
        ],
      );
      return (rowCount ?? 0) > 0;
    },
    setContent: async (id, content, at) => writeText(db, 'posts', id, content, at),
    async delete(id) {
      const { rows } = await db.query<{ at: string }>(
        'delete from posts where id = $1 returning created_at::text as at',
        [id],
      );
      return rows[0] ? Number(rows[0].at) : undefined;
    },
  };
}

export function reactionWrites(db: Queryable): Writes['reactions'] {
  return {
    of: async (postId, userId) => (await reaction(db, [postId, userId]))[0]?.kind,
    async set(postId, userId, kind, delta, at) {
      await setReaction(db, [postId, userId, kind, at]);
      await addToLikeCount(db, [postId, delta, at]);
    },
  };
}

export function commentWrites(db: Queryable): Writes['comments'] {
  return {
    async find(postId, commentId) {
      const { rows } = await db.query<{ id: string; authorId: string }>(
        'select id, author_id as "authorId" from comments where id = $1 and post_id = $2',
        [commentId, postId],
      );
      return rows[0];
    },
    async insert({ id, postId, authorId, text, at }, countIt = true) {
      await addComment(db, [id, postId, authorId, text, at]);
      if (countIt) await addToCommentCount(db, [postId, 1]);
    },
    setText: async (id, text, at) => writeText(db, 'comments', id, text, at),
    async delete(postId, id) {
      await db.query('delete from comments where id = $1', [id]);
      await addToCommentCount(db, [postId, -1]);
    },
  };
}

export function voteWrites(db: Queryable): Writes['votes'] {
  return {
    async of(commentId, userId) {
      const { rows } = await db.query<{ kind: VoteKind }>(
        'select kind from comment_votes where comment_id = $1 and user_id = $2',
        [commentId, userId],
      );
      return rows[0]?.kind;
    },
    async set(commentId, userId, kind, at) {
      await db.query(
        `insert into comment_votes (comment_id, user_id, kind, created_at) values ($1, $2, $3, $4)
         on conflict (comment_id, user_id) do update set kind = excluded.kind, created_at = excluded.created_at`,
        [commentId, userId, kind, at],
      );
      await db.query('update comments set updated_at = $2 where id = $1', [commentId, at]);
    },
  };
}

export function bookmarkWrites(db: Queryable): Writes['bookmarks'] {
  return {
    has: async (userId, postId) => (await bookmark(db, [userId, postId])).length > 0,
    async add(userId, postId, at) {
      await addBookmark(db, [userId, postId, at]);
      await touchMember(db, [userId, at]);
    },
    async remove(userId, postId, at) {
      await removeBookmark(db, [userId, postId]);
      await touchMember(db, [userId, at]);
    },
  };
}

export function followWrites(db: Queryable): Writes['follows'] {
  const touchBoth = async (followerId: string, followeeId: string, delta: 1 | -1, at: number) => {
    await db.query('update users set follower_count = follower_count + $2, updated_at = $3 where id = $1', [
      followeeId,
      delta,
      at,
    ]);
    await touchMember(db, [followerId, at]);
  };
  return {
    async has(followerId, followeeId) {
      const { rows } = await db.query('select 1 from follows where follower_id = $1 and followee_id = $2', [
        followerId,
        followeeId,
      ]);
      return rows.length > 0;
    },
    async add(followerId, followeeId, at) {
      await db.query('insert into follows (follower_id, followee_id, created_at) values ($1, $2, $3)', [
        followerId,
        followeeId,
        at,
      ]);
      await touchBoth(followerId, followeeId, 1, at);
    },
    async remove(followerId, followeeId, at) {
      await db.query('delete from follows where follower_id = $1 and followee_id = $2', [
        followerId,
        followeeId,
      ]);
      await touchBoth(followerId, followeeId, -1, at);
    },
  };
}
