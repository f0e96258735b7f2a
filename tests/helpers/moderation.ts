import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

// What the tests of reports and moderation share.

const tables = ['users', 'posts', 'comments', 'reports', 'audit_log', 'notifications'];

/** Every row of the tables moderation touches, sorted by their JSON (an order both engines give alike). */
export async function moderationRows(t: Pick<TestApp, 'sql'>) {
  const all: Record<string, string[]> = {};
  for (const table of tables) {
    all[table] = (await t.sql(`select * from ${table}`)).map((row) => JSON.stringify(row)).sort();
  }
  return all;
}

/** A refused call: the error's code and message, and not one row changed. */
export async function expectRefusedCall(
  t: Pick<TestApp, 'sql'>,
  call: () => Promise<unknown>,
  error: { code: string; message: string },
) {
  const before = await moderationRows(t);
  await expect(call()).rejects.toMatchObject(error);
  expect(await moderationRows(t)).toEqual(before);
}

/** An admin, a moderator and two members, each with a token; `alice` has a post and a comment on it. */
export async function community(t: TestApp) {
  const admin = await t.member({ username: 'root', role: 'admin' });
  const moderator = await t.member({ username: 'mod', role: 'moderator' });
  const alice = await t.member({ username: 'alice' });
  const bob = await t.member({ username: 'bob' });
  const card = await t.caller(alice.token).posts.create({ content: 'Buy cheap watches at example.com' });
  const withComment = await t
    .caller(bob.token)
    .comments.add({ postId: card.id, text: 'You are all wrong, @alice' });
  const commentId = withComment.latestComments[0]!.id;
  const aliceComment = await t.caller(alice.token).comments.add({ postId: card.id, text: 'Spam reply' });
  return {
    admin,
    moderator,
    alice,
    bob,
    postId: card.id,
    /** Bob's comment on Alice's post, mentioning her. */
    commentId,
    /** Alice's own comment on her post. */
    aliceCommentId: aliceComment.latestComments[0]!.id,
  };
}

export const forbidden = (message: string) => ({ code: 'FORBIDDEN', message });
export const badRequest = (message: string) => ({ code: 'BAD_REQUEST', message });
export const notFound = (message: string) => ({ code: 'NOT_FOUND', message });
