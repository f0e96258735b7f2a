import { messages, notFound } from '../domain/errors.js';
import type { Store } from '../store/store.js';
import { listAnswer, type ListAnswer } from './list-answer.js';
import { newestPage } from './list-page.js';

// The legacy posts and comments lists (spec section 7), as the database writes them (store: legacy).

/** `{"posts":[...]}`: the newest posts, or one author's, below the post `before`. */
export async function legacyPosts(
  store: Store,
  limit: number,
  { authorId, before }: { authorId?: string; before?: string },
): Promise<ListAnswer> {
  const page =
    authorId === undefined
      ? await newestPage(store, 'allPosts', {}, limit, before)
      : await newestPage(store, 'postsByAuthor', { authorId }, limit, before);
  return listAnswer('posts', page);
}

/** `{"comments":[...]}`: one post's newest comments, below the comment `before`. */
export async function legacyComments(
  store: Store,
  limit: number,
  postId: string,
  before?: string,
): Promise<ListAnswer> {
  return listAnswer('comments', await newestPage(store, 'commentsOfPost', { postId }, limit, before));
}

export async function legacyPostJson(store: Store, postId: string): Promise<string> {
  const post = await store.read.legacy.post(postId);
  if (post === undefined) throw notFound(messages.postNotFound);
  return post;
}
