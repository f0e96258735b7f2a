import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { closeDatabase, openDatabase } from '../../src/server/db/client.js';
import { get } from '../helpers/http.js';
import { makeTestApp, testConfig, type TestApp } from '../helpers/test-app.js';

// Issue 13, defects 6 and 7: errors that Fastify raises before a route runs keep each API's shape, a client
// cannot hold a request open by sending it slowly, and one address cannot hold many connections.

let t: TestApp | undefined;
const sockets: Socket[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.destroy());
  for (const cleanup of cleanups.splice(0)) await cleanup();
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

/** A real server on a free loopback port (timeouts and sockets need one; app.inject has neither). */
async function listening(config: Partial<typeof testConfig>, requestTimeoutMs?: number) {
  const db = openDatabase(':memory:');
  const app = await buildApp({
    config: { ...testConfig, ...config },
    db,
    logger: false,
    serveBuiltClient: false,
    ...(requestTimeoutMs ? { requestTimeoutMs } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    await app.close();
    closeDatabase(db);
  });
  return (app.server.address() as AddressInfo).port;
}

function open(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => {}); // a reset is one of the answers under test
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

describe('a slow client', () => {
  it('is answered 408 and cut off when its request takes longer than the whole-request timeout', async () => {
    const port = await listening({}, 1000);
    const { socket, received, closed } = await open(port);
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
    const port = await listening({ connectionsPerAddress: 3 });
    const held = [await open(port), await open(port), await open(port)];
    const extra = await open(port);
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429 Too Many Requests/);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await open(port);
    again.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await again.closed;
    expect(again.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('does not cap a trusted proxy, which carries many clients', async () => {
    const port = await listening({ connectionsPerAddress: 2, trustProxy: ['127.0.0.1'] });
    const held = await Promise.all([1, 2, 3, 4].map(() => open(port)));
    const last = held.at(-1)!;
    last.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await last.closed;
    expect(last.received()).toMatch(/^HTTP\/1\.1 200/);
  });
});
