import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { helmetHeaders } from '../../src/server/security-headers.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { call, get, post } from '../helpers/http.js';

let t: TestApp;
afterEach(() => t?.close());

/** A built client in a temporary folder: its page and one hashed asset. */
function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'realm-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Realm</title><div id="root" data-build="test"></div>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("realm")');
  return dir;
}

describe('serving', () => {
  it('answers /healthz once the database is open and migrated', async () => {
    t = await makeTestApp();
    const res = await get(t.app, '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('answers /healthz with an error when the database does not answer', async () => {
    t = await makeTestApp();
    await t.closeDatabase();
    const res = await get(t.app, '/healthz');
    expect(res.status).toBe(500);
    expect(res.body).not.toEqual({ ok: true });
  });

  it('sends the same security headers, with a CSP that only allows its own scripts, on every kind of answer', async () => {
    t = await makeTestApp({ serveBuiltClient: true, clientDir: builtClient() });
    const first = await get(t.app, '/healthz');
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: https: http:");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(first.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const security = Object.fromEntries(
      Object.keys(helmetHeaders({})).map((name) => [name, first.headers[name]]),
    );
    for (const path of [
      '/api/posts',
      '/trpc/posts.explore',
      '/profile/someone',
      '/assets/index-abc123.js',
      '/nothing.js',
      '/api/none',
    ]) {
      const res = await get(t.app, path);
      expect(res.headers, path).toMatchObject(security);
    }
    expect((await post(t.app, '/trpc/posts.like', undefined, { postId: 'none' })).headers).toMatchObject(
      security,
    );
  });

  it('works out the same headers as Helmet sets on a real response', () => {
    const options = { contentSecurityPolicy: { directives: { imgSrc: ["'self'", 'https:'] } } };
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(options)(response.req, response, () => {});
    expect(helmetHeaders(options)).toEqual(response.getHeaders());
    expect(Object.keys(helmetHeaders(options)).length).toBeGreaterThan(10);
  });

  it('compresses large responses for clients that accept it', async () => {
    t = await makeTestApp({ seed: true });
    const res = await call(t.app, 'GET', '/api/posts', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('gzips a feed page on the spot: the same bytes, and br-only clients still get brotli', async () => {
    t = await makeTestApp({ seed: true });
    const member = await t.member();
    const url = '/trpc/posts.explore?input=%7B%7D';
    const read = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: member.token, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await read('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const brotli = await read('br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });

  it('answers unknown /api and /trpc paths with JSON 404s', async () => {
    t = await makeTestApp();
    const api = await get(t.app, '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ errors: ['There is no GET /api/nothing-here in this API.'] });
    const apiPost = await post(t.app, '/api/posts/nothing/else');
    expect(apiPost.status).toBe(404);
    expect(apiPost.body.errors).toHaveLength(1);
    const trpc = await get(t.app, '/trpc/posts.nothing');
    expect(trpc.status).toBe(404);
    expect(trpc.body.error.data.code).toBe('NOT_FOUND');
  });

  it('serves the client page for client routes, never cached, and 404s for missing files', async () => {
    t = await makeTestApp({ serveBuiltClient: true });
    for (const path of [
      '/',
      '/explore',
      '/bookmark',
      '/auth',
      '/profile/janecooper',
      '/profile/demo@realm.social',
      '/no/such/page',
    ]) {
      const res = await get(t.app, path);
      expect(res.status, path).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.body)).toContain('Realm');
    }
    expect((await get(t.app, '/assets/missing-file.js')).status).toBe(404);
    expect((await get(t.app, '/pictures/missing-picture.svg')).status).toBe(404);
    expect((await get(t.app, '/robots.txt')).status).toBe(404);
  });

  it('caches hashed assets for a year and serves a built index.html for client routes', async () => {
    t = await makeTestApp({ serveBuiltClient: true, clientDir: builtClient() });
    const asset = await get(t.app, '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get(t.app, '/profile/someone');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root" data-build="test"></div>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get(t.app, '/assets/index-zzz999.js')).status).toBe(404);
  });

  it('serves the seed pictures itself', async () => {
    t = await makeTestApp();
    const res = await get(t.app, '/pictures/demo.svg');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('image/svg+xml');
  });

  it('refuses a body over 64 KB with 413 and writes nothing', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const res = await post(t.app, '/api/posts', me.token, { postData: { content: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: ['The request body is larger than the 64 KB limit.'] });
    expect((await get(t.app, '/api/posts')).body.posts).toEqual([]);
  });

  it('answers malformed JSON with 400 and a readable message', async () => {
    t = await makeTestApp();
    const me = await t.member();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { authorization: me.token, 'content-type': 'application/json' },
      payload: '{"postData": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: ['The request body is not valid JSON.'] });
  });

  it('accepts an empty JSON body on writes that take none', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    const postId = (await get(t.app, '/api/posts')).body.posts[0]._id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/posts/like/${postId}`,
      headers: { authorization: me.token, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('rate limits on login and signup', () => {
  it('allows 25 attempts per 5 minutes per IP, then answers 429 with Retry-After', async () => {
    t = await makeTestApp({ config: { rateLimit: true } });
    const attempt = () =>
      post(t.app, '/api/auth/login', undefined, { username: 'nobody', password: 'whatever' });
    for (let i = 0; i < 25; i++) expect((await attempt()).status).toBe(404);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.errors[0]).toMatch(/^Too many attempts\. Try again in /);
    // The same budget covers signup and the tRPC login: one door is not a way around the other.
    expect((await post(t.app, '/api/auth/signup', undefined, { username: 'x', password: 'y' })).status).toBe(
      429,
    );
    const trpc = await call(t.app, 'POST', '/trpc/auth.login', { body: { username: 'a', password: 'b' } });
    expect(trpc.status).toBe(429);
  });

  it('leaves other routes unlimited', async () => {
    t = await makeTestApp({ config: { rateLimit: true } });
    for (let i = 0; i < 30; i++) expect((await get(t.app, '/api/users')).status).toBe(200);
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a generic message on both APIs, never the internal error', async () => {
    t = await makeTestApp({ seed: true });
    const me = await t.member();
    await t.closeDatabase(); // any internal fault will do: the database is gone
    const rest = await get(t.app, '/api/posts');
    expect(rest.status).toBe(500);
    expect(rest.body).toEqual({ errors: ['Something went wrong on our side. Please try again.'] });
    const trpc = await call(t.app, 'GET', '/trpc/posts.feed?input=%7B%7D', { token: me.token });
    expect(trpc.status).toBe(500);
    expect(trpc.body.error.message).toBe('Something went wrong on our side. Please try again.');
    expect(JSON.stringify(trpc.body)).not.toMatch(/database|sqlite|stack/i);
  });
});
