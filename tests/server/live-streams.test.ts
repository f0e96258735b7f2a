import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { listening, openEventStream, type EventStream } from '../helpers/event-stream.js';
import { makeTestApp, testConfig, type TestApp } from '../helpers/test-app.js';

// Streams are bounded: a cap per member, heartbeats, closed on shutdown.

let t: TestApp;
const streams: EventStream[] = [];
afterEach(async () => {
  streams.splice(0).forEach((stream) => stream.close());
  await t?.close();
});

async function stream(url: string, token?: string) {
  const opened = await openEventStream(url, token);
  streams.push(opened);
  await opened.next('hello');
  return opened;
}

describe('event streams', () => {
  it("keep at most 5 per member: a sixth closes the member's oldest, and others' streams stay", async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [me, other] = [await t.member(), await t.member()];
    const otherLive = await stream(url, other.token);
    const mine: EventStream[] = [];
    for (let i = 0; i < 5; i++) mine.push(await stream(url, me.token));
    const sixth = await stream(url, me.token);
    await mine[0]!.ended; // the oldest is ended by the server

    const { id: postId } = await t.caller(me.token).posts.create({ content: 'who hears it' });
    for (const live of [...mine.slice(1), sixth]) await live.next('post', (data) => data.postId === postId);
    expect(mine[0]!.events.filter((event) => event.type === 'post')).toEqual([]);
    await t.caller(other.token).posts.like({ postId });
    await otherLive.next('counts', (data) => data.postId === postId);
  });

  it('send a `: ping` comment every heartbeat', async () => {
    t = await makeTestApp();
    const app = await buildApp({
      config: testConfig,
      store: t.store,
      logger: false,
      serveBuiltClient: false,
      live: { heartbeatMs: 50 },
    });
    try {
      const url = await listening(app);
      const me = await t.member();
      const live = await stream(url, me.token);
      await new Promise((resolve) => setTimeout(resolve, 180));
      expect(live.comments.filter((comment) => comment === 'ping').length).toBeGreaterThanOrEqual(2);
      live.close();
    } finally {
      await app.close();
    }
  });

  it("outlive the time a client has to send its request (the server's request timeout)", async () => {
    t = await makeTestApp();
    const app = await buildApp({
      config: testConfig,
      store: t.store,
      logger: false,
      serveBuiltClient: false,
      requestTimeoutMs: 500,
    });
    try {
      const url = await listening(app);
      const me = await t.member();
      const live = await stream(url, me.token);
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the server checks every second
      const { id: postId } = await t.caller(me.token).posts.create({ content: 'still there' });
      await live.next('post', (data) => data.postId === postId);
      live.close();
    } finally {
      await app.close();
    }
  });

  it('end when the app closes, so a shutdown is not held up by them', async () => {
    t = await makeTestApp();
    const url = await listening(t.app);
    const [me, other] = [await t.member(), await t.member()];
    const open = [await stream(url, me.token), await stream(url, me.token), await stream(url, other.token)];
    const started = performance.now();
    await t.app.close();
    await Promise.all(open.map((live) => live.ended));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("count once each against the request limit, and hold none of the member's request slots", async () => {
    t = await makeTestApp({ config: { rateLimit: true, requestsPer5Minutes: 8 } });
    const url = await listening(t.app);
    const me = await t.member();
    // Five streams stay open (more than the 4 requests a member has answered at once), and count 5.
    for (let i = 0; i < 5; i++) await stream(url, me.token);
    const feed = `${url}/trpc/posts.feed?input=${encodeURIComponent(JSON.stringify({}))}`;
    const read = () => fetch(feed, { headers: { authorization: me.token } });
    for (let i = 0; i < 3; i++) expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(429);
    const refused = await fetch(`${url}/events`, { headers: { authorization: me.token } });
    expect(refused.status).toBe(429);
  });
});
