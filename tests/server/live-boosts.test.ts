import { afterEach, describe, expect, it } from 'vitest';
import { listening, openEventStream, type EventStream } from '../helpers/event-stream.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A boost told live (docs/decisions/0011-boosts-in-the-home-feed.md): as a `post` event named by the
// booster, to the booster and those of their followers whose home feed it comes to. On the suite's engine
// (npm test: SQLite; npm run test:pg: PostgreSQL).

let t: TestApp;
const streams: EventStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((stream) => stream.close());
  await t?.close();
});

describe('a boost, live', () => {
  it('reaches the booster and their followers, not those who hid their boosts or muted the author', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [author, booster, follower, hider, muter, stranger] = await Promise.all(
      Array.from({ length: 6 }, () => t.member()),
    );
    for (const m of [follower, hider, muter]) await t.caller(m!.token).follow.follow({ userId: booster!.id });
    await t.caller(hider!.token).follow.setBoostsHidden({ userId: booster!.id, hidden: true });
    await t.caller(muter!.token).relations.mute({ username: author!.username });
    const { id: postId } = await t.caller(author!.token).posts.create({ content: 'share me' });

    const live = await Promise.all(
      [booster, follower, hider, muter, stranger].map(async (m) => {
        const opened = await openEventStream(url, m!.token);
        streams.push(opened);
        await opened.next('hello');
        return opened;
      }),
    );
    const [boosterLive, followerLive, ...others] = live;
    await t.caller(booster!.token).posts.boost({ postId });
    const told = { postId, authorId: booster!.id };
    expect((await boosterLive!.next('post')).data).toEqual(told);
    expect((await followerLive!.next('post')).data).toEqual(told);
    // The boost's counts come after its post events: once the hider and the stranger have them (the muter
    // hears no counts of a muted author's post), any post event would have come.
    const [hiderLive, muterLive, strangerLive] = others;
    for (const other of [hiderLive!, strangerLive!])
      await other.next('counts', (data) => data.postId === postId);
    for (const other of [hiderLive!, muterLive!, strangerLive!]) {
      expect(other.events.filter((event) => event.type === 'post')).toEqual([]);
    }
  });
});
