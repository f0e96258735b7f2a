import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// A kept list answer is gzipped once and kept with it (rest/list-answer.ts): under 32 reads at once,
// compressing the same megabyte for each of them took the cores from everything else (as
// `npm run bench:hardening` measured).

let t: TestApp;
afterEach(() => t?.close());

const read = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/posts', headers });

describe('a legacy list for a client that accepts gzip', () => {
  it('is the identity answer gzipped, with a weak tag that If-None-Match matches', async () => {
    t = await makeTestApp({ seed: true });
    const plain = await read({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await read({ 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag as string}`);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.headers['x-total-count']).toBe('5');
    const again = await read({ 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is sent plain to a client that refuses gzip', async () => {
    t = await makeTestApp({ seed: true });
    const res = await read({ 'accept-encoding': 'gzip;q=0, identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body).posts).toHaveLength(5);
  });
});
