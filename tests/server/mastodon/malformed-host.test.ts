import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { memberWithToken } from '../../helpers/mastodon-calls.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';

// Without REALM_PUBLIC_URL the Mastodon API writes its absolute URLs with the request's host: a Host header
// that is no host name or address is refused with 400 and a message, on every route, and nothing is written
// (docs/security.md, "Limits on every request"). Runs on both engines.

let t: TestApp;
afterEach(() => t?.close());

const malformed = [
  'realm example',
  'ana@realm.example',
  'realm.example/path',
  'realm.example:99999',
  'realm.example:http',
  'réalm.example',
  '[::1',
];

/** The status line and body of a GET sent over a socket with this Host header, as sent (inject fills in an empty one). */
async function statusOverSocket(host: string): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const socket = connect({ port, host: '127.0.0.1' });
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.write(`GET /api/v1/instance HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  await new Promise((done) => socket.once('close', done));
  return `${received.split('\r\n')[0]} ${received.split('\r\n\r\n')[1]}`;
}
const reads = [
  '/api/v1/instance',
  '/api/v2/instance',
  '/api/v1/timelines/public',
  '/api/v1/timelines/tag/garden',
  '/api/v2/search?q=garden',
  '/api/v1/accounts/verify_credentials',
  '/.well-known/oauth-authorization-server',
  '/.well-known/nodeinfo',
  '/nodeinfo/2.0',
];

describe('a malformed Host header on the Mastodon API', () => {
  it('is refused with 400 and a message on every route, and a post sent with it is not written', async () => {
    t = await makeTestApp();
    const me = await memberWithToken(t, 'read write');
    await t.caller(me.token).posts.create({ content: 'tomatoes #garden' });
    const authorization = `Bearer ${me.app}`;
    for (const host of malformed) {
      for (const url of reads) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host, authorization } });
        expect(res.statusCode, `${JSON.stringify(host)} ${url}`).toBe(400);
        expect(res.json().error).toMatch(/^This request's host .* is not a host name or address/);
      }
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/v1/statuses',
        headers: { host, authorization },
        payload: { status: `written with ${host}` },
      });
      expect(write.statusCode).toBe(400);
    }
    const posts = await t.sql<{ n: number }>('select count(*) as n from posts');
    expect(posts).toEqual([{ n: 1 }]);
  });

  it('is refused with 400 when empty or in UTF-8, as sent over a connection', async () => {
    t = await makeTestApp();
    expect(await statusOverSocket('')).toMatch(/^HTTP\/1.1 400 Bad Request \{"error":"This request's host/);
    await t.close();
    t = await makeTestApp();
    expect(await statusOverSocket('例え.jp')).toMatch(
      /^HTTP\/1.1 400 Bad Request \{"error":"This request's host/,
    );
  });

  it('answers URLs on the host for names, addresses and ports, and ignores the host with REALM_PUBLIC_URL', async () => {
    t = await makeTestApp();
    for (const host of ['realm.example', 'realm.example:8080', '127.0.0.1:3000', '[::1]:3000', 'realm_app']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/.well-known/oauth-authorization-server',
        headers: { host },
      });
      expect(res.json().issuer, host).toBe(`http://${host}/`);
    }
    await t.close();
    t = await makeTestApp({ config: { publicOrigin: 'https://realm.example' } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/instance',
      headers: { host: 'realm example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().domain).toBe('realm.example');
  });
});
