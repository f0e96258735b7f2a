import { afterEach, describe, expect, it } from 'vitest';
import { appToken } from '../helpers/mastodon-token.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A general rate limit per account when signed in and per address when not, and behind a reverse
// proxy the client's address taken from X-Forwarded-For only when REALM_TRUST_PROXY names that proxy.

let t: TestApp;
afterEach(() => t?.close());

type From = { address?: string; forwardedFor?: string; token?: string };
const read = (url: string, from: From = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: from.address ?? '127.0.0.1',
    headers: {
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      ...(from.token ? { authorization: from.token } : {}),
    },
  });
const statuses = async (n: number, url: string, from: From = {}) => {
  const seen = [];
  for (let i = 0; i < n; i++) seen.push((await read(url, from)).statusCode);
  return seen;
};

describe('the general rate limit', () => {
  it('answers 429 with Retry-After past the limit, in each API’s own error shape', async () => {
    t = await makeTestApp({ seed: true, config: { rateLimit: true, requestsPer5Minutes: 3 } });
    const first = await read('/api/posts/user/demo@realm.social');
    expect(first.headers['ratelimit-limit']).toBe('3');
    expect(first.headers['ratelimit-remaining']).toBe('2');
    expect(await statuses(2, '/api/users')).toEqual([200, 200]);
    const rest = await read('/api/users');
    expect(rest.statusCode).toBe(429);
    expect(rest.json()).toEqual({
      errors: [expect.stringMatching(/^Too many requests\. Try again in \d+ (seconds|minutes?)\.$/)],
    });
    expect(Number(rest.headers['retry-after'])).toBeGreaterThan(250);
    const trpc = await read('/trpc/posts.explore?input=%7B%7D');
    expect(trpc.statusCode).toBe(429);
    expect(trpc.json().error).toMatchObject({
      message: expect.stringMatching(/^Too many requests\./),
      code: -32029,
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
    });
  });

  it('counts per account when signed in, per address when not', async () => {
    t = await makeTestApp({ seed: true, config: { rateLimit: true, requestsPer5Minutes: 2 } });
    const [ada, bo] = [await t.member(), await t.member()];
    expect(await statuses(3, '/api/users/bookmark', { token: ada.token })).toEqual([200, 200, 429]);
    // Another member on the same address, and the address signed out, each have their own count.
    expect(await statuses(3, '/api/users/bookmark', { token: bo.token })).toEqual([200, 200, 429]);
    expect(await statuses(3, '/api/users')).toEqual([200, 200, 429]);
    expect(await statuses(1, '/api/users', { address: '192.0.2.9' })).toEqual([200]);
    // A token that does not verify counts against the address.
    expect(await statuses(1, '/api/users', { token: 'not-a-token' })).toEqual([429]);
  });

  it('counts an app’s token (the Mastodon client API) against its member, from any address', async () => {
    t = await makeTestApp({ config: { rateLimit: true, requestsPer5Minutes: 7 } });
    const ada = await t.member();
    // Getting the token: the app registers and exchanges the code from 127.0.0.1 (the address's count), the
    // member approves on the consent page (the member's count).
    const token = `Bearer ${await appToken(t.app, ada.token, 'read')}`;
    const app = '/api/v1/apps/verify_credentials';
    expect(await statuses(2, app, { token, address: '192.0.2.1' })).toEqual([200, 200]);
    expect(await statuses(2, app, { token, address: '192.0.2.2' })).toEqual([200, 200]);
    // The member's web session shares the count (1 approval + 4 of the app's); the address has its own.
    expect(await statuses(3, '/api/users/bookmark', { token: ada.token })).toEqual([200, 200, 429]);
    expect(await statuses(6, '/api/users')).toEqual([200, 200, 200, 200, 200, 429]);
    // A made-up token of an app's shape counts against the address it comes from.
    expect(await statuses(1, app, { token: 'Bearer madeup', address: '127.0.0.1' })).toEqual([429]);
  });

  it('does not count the web client’s pages and files or /healthz', async () => {
    t = await makeTestApp({ config: { rateLimit: true, requestsPer5Minutes: 1 } });
    expect(await statuses(5, '/healthz')).toEqual([200, 200, 200, 200, 200]);
    expect((await statuses(5, '/pictures/demo.svg')).every((status) => status !== 429)).toBe(true);
    expect(await statuses(2, '/api/users')).toEqual([200, 429]);
  });

  it('is off with REALM_RATE_LIMIT=off', async () => {
    t = await makeTestApp({ config: { rateLimit: false, requestsPer5Minutes: 1 } });
    expect(await statuses(3, '/api/users')).toEqual([200, 200, 200]);
  });
});

describe('behind a reverse proxy', () => {
  const viaProxy = (client: string): From => ({ address: '10.0.0.2', forwardedFor: client });

  it('believes X-Forwarded-For from a proxy REALM_TRUST_PROXY names: each client has its own limit', async () => {
    t = await makeTestApp({
      config: { rateLimit: true, requestsPer5Minutes: 2, trustProxy: ['10.0.0.0/8'] },
    });
    expect(await statuses(3, '/api/users', viaProxy('203.0.113.1'))).toEqual([200, 200, 429]);
    expect(await statuses(2, '/api/users', viaProxy('203.0.113.2'))).toEqual([200, 200]);
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick its own address', async () => {
    t = await makeTestApp({ config: { rateLimit: true, requestsPer5Minutes: 2 } });
    expect(await statuses(2, '/api/users', viaProxy('203.0.113.1'))).toEqual([200, 200]);
    expect(await statuses(1, '/api/users', viaProxy('203.0.113.2'))).toEqual([429]);
  });

  it('ignores X-Forwarded-For from an address that is not the trusted proxy', async () => {
    t = await makeTestApp({ config: { rateLimit: true, requestsPer5Minutes: 2, trustProxy: ['10.0.0.1'] } });
    expect(await statuses(2, '/api/users', viaProxy('203.0.113.1'))).toEqual([200, 200]);
    expect(await statuses(1, '/api/users', viaProxy('203.0.113.2'))).toEqual([429]);
  });

  it('limits sign-in attempts per client behind the trusted proxy', async () => {
    t = await makeTestApp({ config: { rateLimit: true, trustProxy: ['10.0.0.2'] } });
    const login = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': client },
        payload: { username: 'nobody', password: 'whatever-1' },
      });
    for (let i = 0; i < 25; i++) await login('203.0.113.1');
    expect((await login('203.0.113.1')).statusCode).toBe(429);
    expect((await login('203.0.113.2')).statusCode).toBe(404);
  });
});
