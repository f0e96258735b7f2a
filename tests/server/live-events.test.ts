import { afterEach, describe, expect, it } from 'vitest';
import { listening, openEventStream, type EventStream } from '../helpers/event-stream.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Live updates: GET /events over real HTTP, read with fetch as the web client reads it, on the
// suite's engine (npm test: SQLite; npm run test:pg: PostgreSQL).

let t: TestApp;
const streams: EventStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((stream) => stream.close());
  await t?.close();
});

async function stream(url: string, token?: string) {
  const opened = await openEventStream(url, token);
  streams.push(opened);
  return opened;
}

describe('GET /events', () => {
  it('refuses a missing or bad token with 401 and the API error shape', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    for (const token of [undefined, 'not-a-token', 'Bearer ']) {
      const refused = await fetch(`${url}/events`, token ? { headers: { authorization: token } } : {});
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ errors: ['The token is invalid. Unauthorized access error.'] });
    }
  });

  it('answers an uncompressed event stream: retry, then hello with the unread count (Bearer works too)', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const me = await t.member();
    const amara = await t.member();
    const { id: postId } = await t.caller(me.token).posts.create({ content: 'hello' });
    await t.caller(amara.token).posts.like({ postId });
    await t.caller(amara.token).follow.follow({ userId: me.id });

    const live = await stream(url, `Bearer ${me.token}`);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.headers.get('content-encoding')).toBeNull(); // asked for gzip, and still plain
    expect(live.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(live.headers.get('x-accel-buffering')).toBe('no');
    expect(live.headers.get('x-content-type-options')).toBe('nosniff'); // the security headers stay
    expect((await live.next('hello')).data).toEqual({ unread: 2 });
    expect(live.retry).toBe(2000);
    expect(live.events[0]!.type).toBe('hello');
  });

  it('tells the author and their followers of a new post, and nobody else', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [author, follower, stranger] = [await t.member(), await t.member(), await t.member()];
    await t.caller(follower.token).follow.follow({ userId: author.id });
    const [authorLive, followerLive, strangerLive] = [
      await stream(url, author.token),
      await stream(url, follower.token),
      await stream(url, stranger.token),
    ];
    for (const live of [authorLive, followerLive, strangerLive]) await live.next('hello');

    const { id: postId } = await t.caller(author.token).posts.create({ content: 'news' });
    const told = { postId, authorId: author.id };
    expect((await authorLive.next('post')).data).toEqual(told);
    expect((await followerLive.next('post')).data).toEqual(told);
    // Every stream hears the counts of a like; by then the stranger would have had the post.
    await t.caller(follower.token).posts.like({ postId });
    await strangerLive.next('counts', (data) => data.postId === postId);
    expect(strangerLive.events.filter((event) => event.type === 'post')).toEqual([]);
  });

  it('sends the counts of a post to every stream after a like, a comment and a delete', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [author, reader] = [await t.member(), await t.member()];
    const { id: postId } = await t.caller(author.token).posts.create({ content: 'count me' });
    const live = await stream(url, reader.token);
    await live.next('hello');

    await t.caller(reader.token).posts.like({ postId });
    expect((await live.next('counts', (data) => data.likeCount === 1)).data).toEqual({
      postId,
      likeCount: 1,
      commentCount: 0,
    });
    await t.caller(reader.token).comments.add({ postId, text: 'first' });
    expect((await live.next('counts', (data) => data.commentCount === 1)).data).toEqual({
      postId,
      likeCount: 1,
      commentCount: 1,
    });
    await t.caller(author.token).posts.delete({ postId });
    expect((await live.next('counts', (data) => data.deleted === true)).data).toEqual({
      postId,
      deleted: true,
    });
  });

  it('gathers changes that come together into one counts event per post', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const author = await t.member();
    const { id: postId } = await t.caller(author.token).posts.create({ content: 'popular' });
    const likers = [await t.member(), await t.member(), await t.member()];
    const live = await stream(url, author.token);
    await live.next('hello');
    await Promise.all(likers.map((liker) => t.caller(liker.token).posts.like({ postId })));
    await live.next('counts', (data) => data.likeCount === 3);
    expect(live.events.filter((event) => event.type === 'counts')).toHaveLength(1);
  });

  it("tells a member their new unread count when mentioned, not other members' streams", async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [writer, mentioned, other] = [await t.member(), await t.member(), await t.member()];
    const mentionedLive = await stream(url, mentioned.token);
    const otherLive = await stream(url, other.token);
    expect((await mentionedLive.next('hello')).data).toEqual({ unread: 0 });
    await otherLive.next('hello');

    const { id: postId } = await t
      .caller(writer.token)
      .posts.create({ content: `hi @${mentioned.username}` });
    expect((await mentionedLive.next('unread')).data).toEqual({ count: 1 });
    await t.caller(writer.token).posts.like({ postId }); // a sentinel every stream hears
    await otherLive.next('counts', (data) => data.postId === postId);
    expect(otherLive.events.filter((event) => event.type === 'unread')).toEqual([]);
  });

  it('sends nothing for a write that fails and rolls back', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [author, fan] = [await t.member(), await t.member()];
    const { id: postId } = await t.caller(author.token).posts.create({ content: 'liked once' });
    await t.caller(fan.token).posts.like({ postId });
    const live = await stream(url, author.token);
    expect((await live.next('hello')).data).toEqual({ unread: 1 });

    // A second like is refused after its rule ran (post locked, reaction read): the transaction rolls back.
    await expect(t.caller(fan.token).posts.like({ postId })).rejects.toThrow('already liked');
    // Refused before any write: editing someone else's post.
    await expect(t.caller(fan.token).posts.edit({ postId, content: 'mine now' })).rejects.toThrow();
    // A write whose events were emitted before it failed: they die with it.
    const failing = t.store.write(async (tx) => {
      tx.live.emit({ type: 'post', postId: 'never-committed', authorId: author.id });
      tx.live.emit({ type: 'post-changed', postId });
      tx.live.emit({ type: 'notifications', memberId: author.id });
      throw new Error('the write fails after its events');
    });
    await expect(failing).rejects.toThrow('the write fails');
    const { id: later } = await t.caller(author.token).posts.create({ content: 'sentinel' });
    await live.next('post', (data) => data.postId === later);
    await new Promise((resolve) => setTimeout(resolve, 300)); // past the counts' batching
    expect(live.events.map((event) => event.type)).toEqual(['hello', 'post']);
  });
});
