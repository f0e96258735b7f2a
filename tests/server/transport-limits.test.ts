import { afterEach, describe, expect, it } from 'vitest';
import { get } from '../helpers/http.js';
import { rawGet, realServer } from '../helpers/real-server.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Errors that Fastify raises before a route runs keep each API's shape, a client
// cannot hold a request open by sending it slowly, and one address cannot hold many connections.

let t: TestApp | undefined;
let server: Awaited<ReturnType<typeof realServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await t?.close();
  t = undefined;
});

describe('errors raised before a route runs', () => {
  it('answer { errors } under /api for a malformed %-escape and an overlong path parameter', async () => {
    t = await makeTestApp();
    const badEscape = await get(t.app, '/api/posts/%zz');
    expect(badEscape.status).toBe(400);
    expect(badEscape.body).toEqual({ errors: ['The address is not valid: it has a malformed %-escape.'] });
    const overlong = await get(t.app, `/api/posts/${'a'.repeat(600)}`);
    expect(overlong.status).toBe(414);
    expect(overlong.body).toEqual({ errors: ['A part of the address is too long.'] });
    expect(JSON.stringify([badEscape.body, overlong.body])).not.toContain('FST_');
  });

  it('answer in tRPC’s error shape under /trpc', async () => {
    t = await makeTestApp();
    const res = await get(t.app, '/trpc/posts%zz.explore');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      message: 'The address is not valid: it has a malformed %-escape.',
      data: { code: 'BAD_REQUEST', httpStatus: 400 },
    });
  });
});

describe('a slow client', () => {
  it('is answered 408 and cut off when its request takes longer than the whole-request timeout', async () => {
    server = await realServer({}, 1000);
    const { socket, received, closed } = await server.open();
    const startedAt = Date.now();
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n');
    socket.write('Content-Length: 100\r\n\r\n{');
    const drip = setInterval(() => socket.write(' '), 200); // a byte now and then, never the whole body
    await closed;
    clearInterval(drip);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - startedAt).toBeLessThan(4000);
  });
});

describe('connections per address', () => {
  it('answers 429 and closes a connection over the cap, and accepts again once one closes', async () => {
    server = await realServer({ connectionsPerAddress: 3 });
    const held = [await server.open(), await server.open(), await server.open()];
    const extra = await server.open();
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429 Too Many Requests/);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rawGet(server, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
  });

  it('does not cap a trusted proxy, which carries many clients', async () => {
    server = await realServer({ connectionsPerAddress: 2, trustProxy: ['127.0.0.1'] });
    await Promise.all([1, 2, 3].map(() => server!.open()));
    expect(await rawGet(server, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
  });
});
