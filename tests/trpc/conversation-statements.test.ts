import { afterEach, describe, expect, it } from 'vitest';
import { commentsPage } from '../../src/server/domain/comment-views.js';
import { tagPage } from '../../src/server/domain/post-cards.js';
import { epoch, insertRows } from '../helpers/rows.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A post page takes a fixed number of statements: a post with 10,000 comments opens as fast as one with
// 10. The post page's comments are one statement a page, and a tag's feed two (its posts, their cards),
// however many there are, on either engine.

let t: TestApp;
afterEach(() => t?.close());

/** A post with `n` comments by `voters[0]`, each voted on by every voter, and `#tag` in its text. */
async function postWith(n: number, voters: string[], tag: string, at: number) {
  const postId = crypto.randomUUID();
  await insertRows(t, 'posts', [
    {
      id: postId,
      author_id: voters[0],
      content: `#${tag} @${tag}`,
      comment_count: n,
      created_at: at,
      updated_at: at,
    },
  ]);
  await insertRows(t, 'post_tags', [{ tag, post_id: postId, created_at: at }]);
  const comments = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    post_id: postId,
    author_id: voters[i % voters.length],
    text: `c${i} @someone`,
    created_at: at + i,
    updated_at: at + i,
  }));
  await insertRows(t, 'comments', comments);
  await insertRows(
    t,
    'comment_votes',
    comments.slice(0, 60).flatMap((comment) =>
      voters.map((userId, v) => ({
        comment_id: comment.id,
        user_id: userId,
        kind: v % 2 ? 'down' : 'up',
        created_at: at,
      })),
    ),
  );
  return postId;
}

describe('statements a page takes', () => {
  it('the post page: one a page, for a post with 10 comments as for one with 10,000', async () => {
    t = await makeTestApp();
    const voters = await Promise.all(Array.from({ length: 5 }, async () => (await t.member()).id));
    const small = await postWith(10, voters, 'small', epoch);
    const big = await postWith(10_000, voters, 'big', epoch + 100_000);
    const viewer = voters[1]!;
    const count = (postId: string, cursor?: string | null) =>
      statementsRunBy(t, () => commentsPage(t.store, viewer, postId, cursor));

    expect(await count(small)).toBe(1);
    expect(await count(big)).toBe(1);
    const first = await commentsPage(t.store, viewer, big);
    expect(first.items[0]).toMatchObject({ text: 'c0 @someone', score: 1, myVote: 'down' });
    expect(await count(big, first.nextCursor)).toBe(1);
    // Only an empty page asks whether the post is there.
    const empty = await postWith(0, voters, 'empty', epoch + 200_000);
    expect(await count(empty)).toBe(2);
    // A viewer who blocked a commenter and muted another reads a page in as many statements.
    await insertRows(t, 'blocks', [{ blocker_id: viewer, blocked_id: voters[2], created_at: epoch }]);
    await insertRows(t, 'mutes', [{ muter_id: viewer, muted_id: voters[3], created_at: epoch }]);
    expect(await count(big)).toBe(1);
    expect((await commentsPage(t.store, viewer, big)).items.map((c) => c.author.id)).not.toContain(voters[2]);
  });

  it('a tag feed: two a page (its posts, their cards), for a tag on 3 posts as on 300', async () => {
    t = await makeTestApp();
    const voters = await Promise.all(Array.from({ length: 3 }, async () => (await t.member()).id));
    for (let i = 0; i < 300; i++) await postWith(i % 50 === 0 ? 3 : 0, voters, 'many', epoch + i * 1000);
    for (let i = 0; i < 3; i++) await postWith(1, voters, 'few', epoch + i * 1000 + 1);
    const count = (tag: string, cursor?: string | null) =>
      statementsRunBy(t, () => tagPage(t.store, voters[0]!, tag, cursor));

    expect(await count('few')).toBe(2);
    expect(await count('many')).toBe(2);
    const first = await tagPage(t.store, voters[0]!, 'many');
    expect(first.items).toHaveLength(20);
    expect(await count('many', first.nextCursor)).toBe(2);
  });
});
