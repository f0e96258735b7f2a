import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The notifications page's "All / Mentions" filter: `mentions` lists only where someone mentioned the
// member, newest first, in pages of 20 like the rest. Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

describe('the Mentions filter', () => {
  it('lists only mentions, newest first, page after page; All still lists everything', async () => {
    t = await makeTestApp();
    const [me, amara, kenji] = await Promise.all([t.member(), t.member(), t.member()]);
    const { id: mine } = await t.caller(me.token).posts.create({ content: 'my post' });
    for (let i = 0; i < 23; i += 1) {
      await t.caller(amara.token).posts.create({ content: `hello @${me.username} number ${i}` });
      if (i % 5 === 0) await t.caller(kenji.token).comments.add({ postId: mine, text: `reply ${i}` });
    }
    await t.caller(kenji.token).posts.like({ postId: mine });
    await t.caller(kenji.token).follow.follow({ userId: me.id });

    const { list } = t.caller(me.token).notifications;
    const first = await list({ filter: 'mentions' });
    expect(first.items).toHaveLength(20);
    expect(first.items.every((item) => item.kind === 'mention')).toBe(true);
    expect(first.items[0]!.post!.excerpt).toBe(`hello @${me.username} number 22`);
    const second = await list({ filter: 'mentions', cursor: first.nextCursor });
    expect(second.items.map((item) => item.post!.excerpt)).toEqual(
      [2, 1, 0].map((i) => `hello @${me.username} number ${i}`),
    );
    expect(second.nextCursor).toBeNull();

    // All: the 23 mentions, one group of kenji's comments, his like and his follow.
    const all = await list({});
    expect(all.items.slice(0, 5).map((item) => item.kind)).toEqual([
      'follow',
      'like',
      'mention',
      'mention',
      'comment',
    ]);
    expect(all.items[4]).toMatchObject({ actorCount: 1, comment: { excerpt: 'reply 20' } });
    const rest = await list({ cursor: all.nextCursor });
    expect(all.items.length + rest.items.length).toBe(26);
    expect((await list({ filter: 'all' })).items).toEqual(all.items);
  });

  it('refuses an unknown filter with a message that names the choices', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const list = t.caller(me.token).notifications.list as (input: unknown) => Promise<unknown>;
    await expect(list({ filter: 'likes' })).rejects.toThrow('filter must be "all" or "mentions".');
  });
});
