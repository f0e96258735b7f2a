import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/server/store/store.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Whoever's notifications a write changes hears of it once it commits (a `notifications` live
// event, which src/server/live turns into their bell's new count), and nobody else. Both engines.

let t: TestApp;
afterEach(() => t?.close());

/** The members told "your notifications changed" by the writes of `run`, sorted. */
async function told(run: () => Promise<unknown>): Promise<string[]> {
  const members = new Set<string>();
  const stop = t.store.subscribe((event: LiveEvent) => {
    if (event.type === 'notifications') members.add(event.memberId);
  });
  try {
    await run();
  } finally {
    stop();
  }
  return [...members].sort();
}

const sorted = (...ids: string[]) => [...ids].sort();

describe('notifications events', () => {
  it('tell the members whose notifications a like, comment, mention or follow changed, and they alone', async () => {
    t = await makeTestApp();
    const [author, amara, kenji] = await Promise.all([t.member(), t.member(), t.member()]);
    const a = t.caller(author.token);
    const m = t.caller(amara.token);
    const { id: postId } = await a.posts.create({ content: 'a post' });
    expect(await told(() => a.posts.like({ postId }))).toEqual([]); // a self-like tells nobody
    expect(await told(() => m.posts.like({ postId }))).toEqual([author.id]);
    expect(await told(() => m.posts.dislike({ postId }))).toEqual([author.id]);
    expect(await told(() => m.follow.follow({ userId: author.id }))).toEqual([author.id]);
    expect(await told(() => m.follow.unfollow({ userId: author.id }))).toEqual([author.id]);

    const card = await m.comments.add({ postId, text: 'first' });
    const commentId = card.latestComments[0]!.id;
    const edit = (text: string) => m.comments.edit({ postId, commentId, text });
    expect(await told(() => edit(`now @${kenji.username}`))).toEqual([kenji.id]);
    expect(await told(() => edit('no one'))).toEqual([kenji.id]);
    expect(await told(() => edit(`@${kenji.username} again`))).toEqual([kenji.id]);
    expect(await told(() => m.comments.delete({ postId, commentId }))).toEqual(sorted(author.id, kenji.id));
  });

  it('tell everyone a deleted post had notified: its author, and those its text and its comments mentioned', async () => {
    t = await makeTestApp();
    const [author, amara, kenji, jane] = await Promise.all([t.member(), t.member(), t.member(), t.member()]);
    const { id: postId } = await t.caller(author.token).posts.create({ content: `hi @${kenji.username}` });
    await t.caller(amara.token).comments.add({ postId, text: `cc @${jane.username}` });
    expect(await told(() => t.caller(author.token).posts.delete({ postId }))).toEqual(
      sorted(author.id, kenji.id, jane.id),
    );
  });

  it('tell a member who marks notifications read, for their other tabs', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const upTo = new Date().toISOString();
    expect(await told(() => t.caller(me.token).notifications.markRead({ upTo }))).toEqual([me.id]);
  });
});
