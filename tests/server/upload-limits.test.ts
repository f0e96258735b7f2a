import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { jpeg } from '../trpc/media-helpers.js';

// An upload (POST /media) is a request of its client like any other: it counts against the general rate
// limit and holds one of the client's places in the fair share while it is answered (docs/security.md,
// "Limits on every request").

let t: TestApp;
const sockets: Socket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.destroy());
  await t?.close();
});

describe('uploads and the limits on every request', () => {
  it('count against the general rate limit, and answer its headers', async () => {
    t = await makeTestApp({ config: { rateLimit: true, requestsPer5Minutes: 2 } });
    const member = await t.member();
    const send = async () =>
      t.app.inject({
        method: 'POST',
        url: '/media',
        headers: { 'content-type': 'image/jpeg', authorization: member.token },
        payload: await jpeg(),
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect((await send()).statusCode).toBe(201);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      errors: [expect.stringMatching(/^Too many requests\. Try again in \d+ (seconds|minutes?)\.$/)],
    });
    // The upload counted with the member's other requests.
    const read = await t.app.inject({ url: '/api/users/bookmark', headers: { authorization: member.token } });
    expect(read.statusCode).toBe(429);
  });

  it("hold the client's places while their bodies arrive: a fifth request waits, then gets 503", async () => {
    t = await makeTestApp({ config: { rateLimit: true, requestsPer5Minutes: 100_000 } });
    const [ada, bo] = [await t.member(), await t.member()];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Four uploads whose bodies never finish arriving.
    for (let i = 0; i < 4; i++) {
      const socket = connect({ port, host: '127.0.0.1' });
      sockets.push(socket);
      socket.on('error', () => {});
      socket.write(
        `POST /media HTTP/1.1\r\nHost: x\r\nContent-Type: image/jpeg\r\nAuthorization: ${ada.token}\r\n` +
          'Content-Length: 100000\r\n\r\nabc',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const origin = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const [fifth, other] = await Promise.all([
      fetch(`${origin}/api/users/bookmark`, { headers: { authorization: ada.token } }),
      fetch(`${origin}/api/users/bookmark`, { headers: { authorization: bo.token } }),
    ]);
    expect(other.status).toBe(200);
    expect(fifth.status).toBe(503);
    expect(await fifth.json()).toEqual({
      errors: ['You have many requests under way. Try again in a moment.'],
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
  });
});
