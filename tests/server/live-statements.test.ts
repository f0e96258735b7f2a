import { afterEach, describe, expect, it } from 'vitest';
import { listening, openEventStream, type EventStream } from '../helpers/event-stream.js';
import { statementsRunBy } from '../helpers/statements.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Speed at scale: what an event costs the database does not grow with the streams it reaches.

let t: TestApp;
const streams: EventStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((stream) => stream.close());
  await t?.close();
});

async function followersWithStreams(url: string, authorId: string, count: number) {
  const opened: EventStream[] = [];
  for (let i = 0; i < count; i++) {
    const follower = await t.member();
    await t.caller(follower.token).follow.follow({ userId: authorId });
    const live = await openEventStream(url, follower.token);
    streams.push(live);
    opened.push(live);
    await live.next('hello');
  }
  return opened;
}

describe('live updates', () => {
  it('cost the same statements for a post and a like whether 1 stream or 8 hear them', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const author = await t.member();
    const costs: number[] = [];
    for (const count of [1, 8]) {
      const audience = await followersWithStreams(url, author.id, count);
      costs.push(
        await statementsRunBy(t, async () => {
          const { id: postId } = await t.caller(author.token).posts.create({ content: `to ${count}` });
          for (const live of audience) await live.next('post', (data) => data.postId === postId);
          await t.caller(author.token).posts.like({ postId });
          for (const live of audience) await live.next('counts', (data) => data.postId === postId);
        }),
      );
      audience.forEach((live) => live.close());
    }
    expect(costs[1]).toBe(costs[0]);
  });
});
