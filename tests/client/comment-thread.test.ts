import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  edited,
  findMine,
  patchComment,
  scoreAfter,
  withAtEnd,
  type ThreadComment,
} from '../../src/client/lib/comment-thread.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The post page changes its thread in place from what each write answers; these check that what it shows
// is what the server would list after the same writes.

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

type Caller = ReturnType<TestApp['caller']>;

/** Every page of a post's thread, as the page's infinite query holds them once the end is loaded. */
async function loadThread(caller: Caller, postId: string, pages = Infinity) {
  const thread = { pages: [await caller.comments.list({ postId })], pageParams: [null as string | null] };
  for (let cursor = thread.pages[0]!.nextCursor; cursor && thread.pages.length < pages;) {
    const page = await caller.comments.list({ postId, cursor });
    thread.pages.push(page);
    thread.pageParams.push(cursor);
    cursor = page.nextCursor;
  }
  return thread;
}

const ids = (thread: { pages: { items: ThreadComment[] }[] }) =>
  thread.pages.flatMap((page) => page.items.map((comment) => comment.id));

describe("the post page's thread", () => {
  it("predicts a comment's score after each vote as the server then lists it", async () => {
    const [author, voter, other] = [await t.member(), await t.member(), await t.member()];
    const as = (member: { token: string }) => t.caller(member.token);
    const { id: postId } = await as(author).posts.create({ content: 'Vote on the comment' });
    const card = await as(author).comments.add({ postId, text: 'Score me' });
    const commentId = card.latestComments[0]!.id;
    await as(other).comments.upvote({ postId, commentId });

    const mine = async () => (await as(voter).comments.list({ postId })).items[0]!;
    for (const vote of ['up', 'down', 'up', 'down'] as const) {
      const before = await mine();
      await as(voter).comments[vote === 'up' ? 'upvote' : 'downvote']({ postId, commentId });
      const after = await mine();
      expect({ score: scoreAfter(before, vote), myVote: vote }).toEqual({
        score: after.score,
        myVote: after.myVote,
      });
    }
    expect((await mine()).score).toBe(0); // the other member's upvote less my downvote
  });

  it('puts my new comment at the end once the end is loaded, as the server lists it', async () => {
    const me = await t.member();
    const caller = t.caller(me.token);
    const { id: postId } = await caller.posts.create({ content: 'A long thread' });
    for (let n = 0; n < 25; n++) await caller.comments.add({ postId, text: `comment ${n}` });
    const loaded = await loadThread(caller, postId);
    const firstPageOnly = await loadThread(caller, postId, 1);

    const card = await caller.comments.add({ postId, text: 'the newest' });
    const mine = findMine(loaded, card, me.id);
    expect(mine).toMatchObject({ text: 'the newest', score: 0, myVote: null, mentions: [] });
    expect(ids(withAtEnd(loaded, mine!)!)).toEqual(ids(await loadThread(caller, postId)));
    // Before the end is loaded it stays out: it comes with the last page, in its place.
    expect(withAtEnd(firstPageOnly, mine!)).toBe(firstPageOnly);
    // Once shown, the same card names no other comment of mine.
    expect(findMine(await loadThread(caller, postId), card, me.id)).toBeUndefined();
  });

  it('shows an edit as the server lists it, and asks again only for a newly mentioned name', async () => {
    const me = await t.member();
    const named = await t.member({ username: 'Named.Member' });
    const caller = t.caller(me.token);
    const { id: postId } = await caller.posts.create({ content: 'Edits' });
    await caller.comments.add({ postId, text: 'hello @named.member' });
    for (let n = 0; n < 4; n++) await caller.comments.add({ postId, text: `later ${n}` });
    const [oldest] = (await caller.comments.list({ postId })).items;
    expect(oldest!.mentions).toEqual([named.username]);

    // The oldest is no longer on the card: the known mention is kept, the stranger's name left as text.
    let card = await caller.comments.edit({ postId, commentId: oldest!.id, text: 'bye @NAMED.member' });
    let shown = edited(oldest!, 'bye @NAMED.member', card);
    expect(shown.complete).toBe(true);
    const listed = (await caller.comments.list({ postId })).items[0]!;
    // The times are the browser's guess until the thread is read again; only their presence is compared.
    expect(shown.comment.editedAt).not.toBeNull();
    expect({ ...shown.comment, updatedAt: listed.updatedAt, editedAt: listed.editedAt }).toEqual(listed);

    card = await caller.comments.edit({ postId, commentId: oldest!.id, text: `@${me.username} and @nobody` });
    shown = edited(listed, `@${me.username} and @nobody`, card);
    expect(shown).toMatchObject({ complete: false, comment: { mentions: [] } });

    // A comment the card carries comes from the card, mentions and all.
    const newest = (await loadThread(caller, postId)).pages.at(-1)!.items.at(-1)!;
    card = await caller.comments.edit({ postId, commentId: newest.id, text: `hi @${named.username}` });
    expect(edited(newest, `hi @${named.username}`, card)).toEqual({
      comment: { ...newest, ...card.latestComments[0]!, mentions: [named.username] },
      complete: true,
    });
  });

  it('drops a deleted comment and leaves the others', async () => {
    const me = await t.member();
    const caller = t.caller(me.token);
    const { id: postId } = await caller.posts.create({ content: 'Deletes' });
    for (const text of ['a', 'b', 'c']) await caller.comments.add({ postId, text });
    const thread = await loadThread(caller, postId);
    const [, middle] = thread.pages[0]!.items;
    await caller.comments.delete({ postId, commentId: middle!.id });
    expect(ids(patchComment(thread, middle!.id, () => null)!)).toEqual(ids(await loadThread(caller, postId)));
  });
});
