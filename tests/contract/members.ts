import { expect } from 'vitest';
import type { Client } from './client.js';
import type { Comment, Post } from './shapes.js';

// Tests in a file share one instance: each makes its own members, posts and comments through the API.

export type Member = { id: string; username: string; token: string };

export const password = 'contract-password-1';

let made = 0;
/** A name no other test of this run uses. */
export const freshName = (prefix = 'member') =>
  `${prefix}-${Date.now().toString(36)}-${(made++).toString(36)}`;

export async function signUp(api: Client, fields: Record<string, unknown> = {}): Promise<Member> {
  const res = await api.post('/api/auth/signup', undefined, {
    username: freshName(),
    password,
    firstName: 'Casey',
    lastName: 'Contract',
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { createdUser, encodedToken } = res.body;
  return { id: createdUser._id, username: createdUser.username, token: encodedToken };
}

/** Signs up `count` members, two at a time (the server hashes two passwords at once). */
export async function signUpMany(api: Client, count: number): Promise<Member[]> {
  const members: Member[] = [];
  while (members.length < count) {
    const batch = Array.from({ length: Math.min(2, count - members.length) }, () => signUp(api));
    members.push(...(await Promise.all(batch)));
  }
  return members;
}

/** Writes a post and returns its id, found in the `posts` the write answers with. */
export async function writePost(api: Client, author: Member, content = freshName('words')): Promise<string> {
  const res = await api.post('/api/posts', author.token, { postData: content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mine = (res.body.posts as Post[]).filter(
    (p) => p.username === author.username && p.content === content,
  );
  expect(mine).toHaveLength(1);
  return mine[0]!._id;
}

/** Comments on a post and returns the comment's id, found in the `comments` the write answers with. */
export async function writeComment(api: Client, author: Member, postId: string, text = freshName('note')) {
  const res = await api.post(`/api/comments/add/${postId}`, author.token, { commentData: text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mine = (res.body.comments as Comment[]).filter(
    (c) => c.username === author.username && c.text === text,
  );
  expect(mine).toHaveLength(1);
  return mine[0]!._id;
}

export async function readPost(api: Client, postId: string): Promise<Post> {
  const res = await api.get(`/api/posts/${postId}`);
  expect(res.status).toBe(200);
  return res.body.post;
}

export async function readComment(api: Client, postId: string, commentId: string): Promise<Comment> {
  const res = await api.get(`/api/comments/${postId}`);
  expect(res.status).toBe(200);
  const found = (res.body.comments as Comment[]).find((c) => c._id === commentId);
  expect(found, `comment ${commentId}`).toBeDefined();
  return found!;
}

export const idsOf = (list: Array<{ _id: string }>) => list.map((entry) => entry._id);
