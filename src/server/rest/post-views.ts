import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { messages, notFound } from '../domain/errors.js';
import { commentJson, commentsFrom, postJson, postsFrom } from './legacy-json.js';
import { listAnswer, type ListAnswer } from './list-answer.js';
import { newestPage, prepareList } from './list-page.js';

// The legacy posts and comments lists (spec section 7), newest first by index: posts_created_idx,
// posts_author_created_idx and comments_post_created_idx serve the slices, keys and counts.

const post = { json: postJson, ...postsFrom, createdAt: 'p.created_at', id: 'p.id' };
const comment = { json: commentJson, ...commentsFrom, createdAt: 'c.created_at', id: 'c.id' };

const statements = preparedOnce((db: Db) => ({
  allPosts: prepareList(db, post),
  postsByAuthor: prepareList(db, { ...post, where: 'p.author_id = :authorId' }),
  commentsOfPost: prepareList(db, { ...comment, where: 'c.post_id = :postId' }),
  onePost: db.$client
    .prepare<[string], string>(`select ${postJson} from ${postsFrom.table} ${postsFrom.joins} where p.id = ?`)
    .pluck(),
}));

/** `{"posts":[...]}`: the newest posts, or one author's, below the post `before`. */
export async function legacyPosts(
  db: Db,
  limit: number,
  { authorId, before }: { authorId?: string; before?: string },
): Promise<ListAnswer> {
  const { allPosts, postsByAuthor } = statements(db);
  const page =
    authorId === undefined
      ? await newestPage(allPosts, {}, limit, before)
      : await newestPage(postsByAuthor, { authorId }, limit, before);
  return listAnswer('posts', page);
}

/** `{"comments":[...]}`: one post's newest comments, below the comment `before`. */
export async function legacyComments(
  db: Db,
  limit: number,
  postId: string,
  before?: string,
): Promise<ListAnswer> {
  return listAnswer('comments', await newestPage(statements(db).commentsOfPost, { postId }, limit, before));
}

export function legacyPostJson(db: Db, postId: string): string {
  const post = statements(db).onePost.get(postId);
  if (post === undefined) throw notFound(messages.postNotFound);
  return post;
}
