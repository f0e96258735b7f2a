import { afterEach, describe, expect, it } from 'vitest';
import { rawGet, realServer } from '../helpers/real-server.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// One client keeping many requests in flight has at most four answered at once; the rest wait their
// turn briefly or are told to come back, and other clients are served meanwhile.

let server: Awaited<ReturnType<typeof realServer>> | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await t?.close();
  t = undefined;
});

const limits = { rateLimit: true, requestsPer5Minutes: 100_000 };

describe('many requests from one client at once', () => {
  it('are answered four at a time: a fifth waits, then gets 503; other clients are served meanwhile', async () => {
    server = await realServer(limits);
    // Four requests whose bodies never finish arriving: each holds one of the client's four places.
    const slow = await Promise.all([1, 2, 3, 4].map(() => server!.open('127.0.0.1')));
    for (const { socket } of slow) {
      socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n');
      socket.write('Content-Length: 100\r\n\r\n{');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const [fifth, other] = await Promise.all([
      rawGet(server, '/api/users', '127.0.0.1'),
      rawGet(server, '/api/users', '127.0.0.2').then((answer) => ({
        answer,
        ms: performance.now() - started,
      })),
    ]);
    expect(other.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(other.ms).toBeLessThan(400);
    expect(fifth).toMatch(/^HTTP\/1\.1 503/);
    expect(fifth).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(fifth).toContain('{"errors":["You have many requests under way. Try again in a moment."]}');
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    // One place freed: the client's next request goes through.
    slow[0]!.socket.destroy();
    await slow[0]!.closed;
    expect(await rawGet(server, '/api/users', '127.0.0.1')).toMatch(/^HTTP\/1\.1 200/);
  });

  it('lets the handful of requests at once that a browser sends through, in turn', async () => {
    t = await makeTestApp({ seed: true, config: limits });
    const member = await t.member();
    const reads = await Promise.all(
      Array.from({ length: 12 }, () =>
        t!.app.inject({
          method: 'GET',
          url: '/trpc/posts.explore?input=%7B%7D',
          headers: { authorization: member.token },
        }),
      ),
    );
    expect(reads.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
  });

  it('is off with REALM_RATE_LIMIT=off, as every limit on clients is', async () => {
    server = await realServer({ rateLimit: false });
    const slow = await Promise.all([1, 2, 3, 4, 5].map(() => server!.open('127.0.0.1')));
    for (const { socket } of slow) {
      socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{');
    }
    expect(await rawGet(server, '/api/users', '127.0.0.1')).toMatch(/^HTTP\/1\.1 200/);
  });
});
