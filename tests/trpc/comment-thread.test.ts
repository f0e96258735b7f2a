import { afterEach, describe, expect, it } from 'vitest';
import { nextMs } from '../helpers/expect.js';
import { snapshot } from '../helpers/snapshot.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A post's own page lists all its comments oldest first, 20 a page, each with its score
// (upvotes less downvotes, spec section 4) and the viewer's own vote.

let t: TestApp;
afterEach(() => t?.close());

type Caller = ReturnType<TestApp['caller']>;
type ThreadPage = Awaited<ReturnType<Caller['comments']['list']>>;

/** Every comment of the post as `caller` sees it, page by page. */
async function walk(caller: Caller, postId: string) {
  const pages: ThreadPage[] = [];
  let cursor: string | null = null;
  do {
    const page: ThreadPage = await caller.comments.list({ postId, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

async function post() {
  const author = await t.member();
  const { id: postId } = await t.caller(author.token).posts.create({ content: 'talk to me' });
  return { author, postId };
}

describe('comments.list: the post page', () => {
  it('pages through 45 comments oldest first, 20 at a time, and a new one lands at the end', async () => {
    t = await makeTestApp();
    const { author, postId } = await post();
    const other = await t.member();
    for (let i = 0; i < 45; i++) {
      await nextMs();
      await t.caller(i % 2 ? author.token : other.token).comments.add({ postId, text: `c${i}` });
    }
    const first = await t.caller().comments.list({ postId });
    await nextMs();
    await t.caller(other.token).comments.add({ postId, text: 'late' });
    const rest = await walk(t.caller(), postId).then((pages) => pages.slice(1));
    const all = [first, ...rest];
    expect(all.map((page) => page.items.length)).toEqual([20, 20, 6]);
    const texts = all.flatMap((page) => page.items.map((comment) => comment.text));
    expect(texts).toEqual([...Array.from({ length: 45 }, (_, i) => `c${i}`), 'late']);
    expect(all[0]!.items[1]).toMatchObject({ postId, author: { id: author.id }, score: 0, myVote: null });
    expect(all[0]!.items[0]!.author.id).toBe(other.id);
  });

  it('shows each comment’s score and the viewer’s own vote; an upvote takes away a downvote', async () => {
    t = await makeTestApp();
    const { author, postId } = await post();
    const [a, b, c] = [await t.member(), await t.member(), await t.member()];
    await t.caller(a.token).comments.add({ postId, text: 'first' });
    await nextMs();
    const card = await t.caller(a.token).comments.add({ postId, text: 'second' });
    const second = card.latestComments[0]!.id;
    const vote = (who: { token: string }, kind: 'upvote' | 'downvote') =>
      t.caller(who.token).comments[kind]({ postId, commentId: second });
    await vote(a, 'upvote');
    await vote(b, 'upvote');
    await vote(c, 'downvote');

    const seen = async (who?: { token: string }) =>
      (await t.caller(who?.token).comments.list({ postId })).items.map((x) => [x.text, x.score, x.myVote]);
    expect(await seen()).toEqual([
      ['first', 0, null],
      ['second', 1, null],
    ]);
    expect(await seen(a)).toEqual([
      ['first', 0, null],
      ['second', 1, 'up'],
    ]);
    expect((await seen(c))[1]).toEqual(['second', 1, 'down']);
    expect((await seen(author))[1]).toEqual(['second', 1, null]);

    await vote(c, 'upvote'); // a downvote becomes an upvote: +2
    expect((await seen(c))[1]).toEqual(['second', 3, 'up']);
    await vote(a, 'downvote');
    await vote(b, 'downvote');
    expect((await seen(b))[1]).toEqual(['second', -1, 'down']);
  });

  it('refuses a repeated vote with the spec’s message and changes nothing', async () => {
    t = await makeTestApp();
    const { postId } = await post();
    const voter = await t.member();
    const commentId = (await t.caller(voter.token).comments.add({ postId, text: 'hi' })).latestComments[0]!
      .id;
    const c = t.caller(voter.token).comments;
    for (const [kind, message] of [
      ['upvote', 'Cannot upvote a post that is already upvoted.'],
      ['downvote', 'Cannot downvote a post that is already downvoted.'],
    ] as const) {
      await c[kind]({ postId, commentId });
      const before = await snapshot(t);
      await expect(c[kind]({ postId, commentId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
      expect(await snapshot(t)).toEqual(before);
      const score = kind === 'upvote' ? 1 : -1;
      expect((await c.list({ postId })).items[0]).toMatchObject({ score, myVote: kind.slice(0, -4) });
    }
  });

  it('lets the author edit, the author or the post’s author delete; refuses others and changes nothing', async () => {
    t = await makeTestApp();
    const { author, postId } = await post();
    const writer = await t.member();
    const stranger = await t.member();
    const add = async (text: string) =>
      (await t.caller(writer.token).comments.add({ postId, text })).latestComments[0]!.id;
    const mine = await add('mine');
    await nextMs();
    const theirs = await add('theirs');
    const texts = async () => (await t.caller().comments.list({ postId })).items.map((x) => x.text);

    const editRefused = { code: 'FORBIDDEN', message: "Cannot edit a comment doesn't belong to the User." };
    const deleteRefused = {
      code: 'FORBIDDEN',
      message: "Cannot delete a comment doesn't belong to the User.",
    };
    const before = await snapshot(t);
    for (const who of [author, stranger]) {
      const c = t.caller(who.token).comments;
      await expect(c.edit({ postId, commentId: mine, text: 'hijacked' })).rejects.toMatchObject(editRefused);
    }
    await expect(t.caller(stranger.token).comments.delete({ postId, commentId: mine })).rejects.toMatchObject(
      deleteRefused,
    );
    expect(await snapshot(t)).toEqual(before);

    await nextMs();
    await t.caller(writer.token).comments.edit({ postId, commentId: mine, text: 'mine, edited' });
    const [edited] = (await t.caller().comments.list({ postId })).items;
    expect(edited).toMatchObject({ text: 'mine, edited' });
    expect(edited!.updatedAt > edited!.createdAt).toBe(true);
    await t.caller(author.token).comments.delete({ postId, commentId: theirs });
    expect(await texts()).toEqual(['mine, edited']);
    await t.caller(writer.token).comments.delete({ postId, commentId: mine });
    expect(await texts()).toEqual([]);
  });

  it('answers 404 for an unknown or deleted post, and an empty page for a post without comments', async () => {
    t = await makeTestApp();
    const { author, postId } = await post();
    const notFound = { code: 'NOT_FOUND', message: 'Post not found' };
    await expect(t.caller().comments.list({ postId: 'no-such-post' })).rejects.toMatchObject(notFound);
    expect(await t.caller().comments.list({ postId })).toEqual({ items: [], nextCursor: null });
    await t.caller(author.token).comments.add({ postId, text: 'soon gone' });
    await t.caller(author.token).posts.delete({ postId });
    await expect(t.caller().comments.list({ postId })).rejects.toMatchObject(notFound);
  });
});
