import type { Client, Method } from './client.js';
import { signUpMany, writeComment, writePost, type Member } from './members.js';

// Spec section 6: every write on posts, comments, bookmarks (listing them too), follows and the profile needs
// a token. The table lists them in an order in which one member can make each succeed in turn.

export type Fixture = { owner: Member; other: Member; postId: string; commentId: string };

/** A member with a post and their own comment on it, and another member. */
export async function makeFixture(api: Client): Promise<Fixture> {
  const [owner, other] = (await signUpMany(api, 2)) as [Member, Member];
  const postId = await writePost(api, owner);
  return { owner, other, postId, commentId: await writeComment(api, owner, postId) };
}

export type TokenRoute = {
  name: string;
  method: Method;
  path: (f: Fixture) => string;
  body?: unknown;
  /** The success status of the spec's section 7. */
  ok: number;
};

const post = (name: string, path: (f: Fixture) => string, ok = 201, body?: unknown): TokenRoute => ({
  name,
  method: 'POST',
  path,
  ok,
  body,
});

export const tokenRoutes: TokenRoute[] = [
  post('create a post', () => '/api/posts', 201, { postData: 'with a token' }),
  post('edit a post', (f) => `/api/posts/edit/${f.postId}`, 201, { postData: { content: 'edited' } }),
  post('like a post', (f) => `/api/posts/like/${f.postId}`),
  post('dislike a post', (f) => `/api/posts/dislike/${f.postId}`),
  post('comment', (f) => `/api/comments/add/${f.postId}`, 201, { commentData: 'a comment' }),
  post('edit a comment', (f) => `/api/comments/edit/${f.postId}/${f.commentId}`, 201, { commentData: 'new' }),
  post('upvote a comment', (f) => `/api/comments/upvote/${f.postId}/${f.commentId}`),
  post('downvote a comment', (f) => `/api/comments/downvote/${f.postId}/${f.commentId}`),
  post('delete a comment', (f) => `/api/comments/delete/${f.postId}/${f.commentId}`),
  post('bookmark', (f) => `/api/users/bookmark/${f.postId}`, 200),
  { name: 'list bookmarks', method: 'GET', path: () => '/api/users/bookmark', ok: 200 },
  post('remove a bookmark', (f) => `/api/users/remove-bookmark/${f.postId}`, 200),
  post('edit the profile', () => '/api/users/edit', 201, { userData: { bio: 'tokens' } }),
  post('follow', (f) => `/api/users/follow/${f.other.id}`, 200),
  post('unfollow', (f) => `/api/users/unfollow/${f.other.id}`, 200),
  { name: 'delete a post', method: 'DELETE', path: (f) => `/api/posts/${f.postId}`, ok: 201 },
];

export const send = (api: Client, route: TokenRoute, f: Fixture, authorization?: string) =>
  api.call(route.method, route.path(f), { token: authorization, body: route.body });

/** What the fixture looks like from outside, to show that a refused request changed nothing. */
export async function visibleState(api: Client, f: Fixture) {
  const reads = [
    api.get(`/api/posts/${f.postId}`),
    api.get(`/api/users/${f.owner.username}`, f.owner.token),
    api.get(`/api/users/${f.other.username}`, f.other.token),
    api.get('/api/posts'),
  ];
  const [postRes, owner, other, all] = await Promise.all(reads);
  return [postRes!.body, owner!.body, other!.body, all!.headers['x-total-count']];
}
