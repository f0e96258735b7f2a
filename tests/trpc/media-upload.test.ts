import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { jpeg, keyOf, mediaRows, stored, storedFiles, upload, uploaded } from './media-helpers.js';

// POST /media and GET /media/<key>: a member uploads a picture, anyone fetches its files.

let t: TestApp;
afterEach(() => t?.close());

describe('POST /media', () => {
  it('stores a JPEG as WebP in two sizes and answers 201 with its sizes and placeholder', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const response = await upload(t, member.token, await jpeg(3000, 2000));
    expect(response.statusCode).toBe(201);
    const picture = response.json();
    expect(picture).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/),
      previewUrl: expect.stringMatching(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/),
      width: 2048,
      height: 1365,
      previewWidth: 400,
      previewHeight: 267,
      placeholder: expect.stringMatching(/^[A-Za-z0-9+/=]{10,}$/),
      alt: '',
    });
    expect(stored(t, picture.url)).toBe(true);
    expect(stored(t, picture.previewUrl)).toBe(true);
    expect(await mediaRows(t)).toEqual([{ id: picture.id, post_id: null, alt: '', position: 0 }]);
  });

  it('stores an iPhone HEIC (HEVC inside) as WebP, upright, and answers 201', async () => {
    t = await makeTestApp();
    const member = await t.member();
    // 64 x 48 with a rotation box that turns it a quarter (tests/media/image-heic.test.ts).
    const heic = readFileSync(new URL('../media/fixtures/hevc-64x48-irot90.heic', import.meta.url));
    const response = await upload(t, member.token, heic, 'image/heic');
    expect(response.statusCode).toBe(201);
    const picture = response.json<{ url: string; width: number; height: number }>();
    expect([picture.width, picture.height]).toEqual([48, 64]);
    expect(stored(t, picture.url)).toBe(true);
  });

  it('refuses a text file whatever its type header says with 400, and stores nothing', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const response = await upload(t, member.token, 'just some words, not a picture', 'image/jpeg');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: ['This file is not a picture. Send a JPEG, PNG, WebP, AVIF or GIF.'],
    });
    expect(await mediaRows(t)).toEqual([]);
    expect(storedFiles(t)).toEqual([]);
  });

  it('refuses a body over REALM_MEDIA_MAX_BYTES with 413 before reading it whole', async () => {
    t = await makeTestApp({ media: { maxBytes: 4096 } });
    const member = await t.member();
    const response = await upload(t, member.token, Buffer.alloc(5000, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      errors: ['This picture is larger than the 4 KB limit. Send a smaller one.'],
    });
    expect(await mediaRows(t)).toEqual([]);
  });

  it('refuses a signed-out upload with 401, and a suspended member with 403', async () => {
    t = await makeTestApp();
    expect((await upload(t, undefined, await jpeg())).statusCode).toBe(401);
    expect((await upload(t, 'not-a-token', await jpeg())).statusCode).toBe(401);
    const suspended = await t.member({ status: 'suspended' });
    const refused = await upload(t, suspended.token, await jpeg());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: ['Your account is suspended by the moderators of this instance.'],
    });
    expect(await mediaRows(t)).toEqual([]);
  });

  it('answers 429 with Retry-After past the hourly cap, before any work', async () => {
    t = await makeTestApp({ media: { uploadsPerHour: 2 } });
    const member = await t.member();
    await uploaded(t, member.token);
    await uploaded(t, member.token);
    const third = await upload(t, member.token, await jpeg());
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
    expect(third.json()).toEqual({
      errors: ['You have uploaded many pictures in the last hour. Try again later.'],
    });
    expect(await mediaRows(t)).toHaveLength(2);
    // Another member has a cap of their own.
    await uploaded(t, (await t.member()).token);
  });

  it('answers 403 over the storage quota, and leaves no file of the refused picture', async () => {
    t = await makeTestApp({ media: { quotaBytes: 6000 } });
    const member = await t.member();
    const first = await uploaded(t, member.token, await jpeg(64, 64));
    const before = storedFiles(t).sort();
    // A noisy picture is many kilobytes: it does not fit in what is left.
    const refused = await upload(t, member.token, await noise(800, 600));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: [
        'Your pictures take all the storage this instance gives each member. Delete posts with pictures to make room.',
      ],
    });
    expect(storedFiles(t).sort()).toEqual(before);
    expect((await mediaRows(t)).map((row) => row.id)).toEqual([first.id]);
  });

  it('stores the same picture once when two uploads send it', async () => {
    t = await makeTestApp();
    const member = await t.member();
    const bytes = await jpeg(800, 600);
    const [a, b] = [await uploaded(t, member.token, bytes), await uploaded(t, member.token, bytes)];
    expect(a.id).not.toBe(b.id);
    expect(a.url).toBe(b.url);
    expect(storedFiles(t)).toHaveLength(2);
  });
});

describe('GET /media/<key>', () => {
  it('serves the WebP with a year of caching, nosniff and a CSP that allows nothing, uncompressed', async () => {
    t = await makeTestApp();
    const picture = await uploaded(t, (await t.member()).token);
    const response = await t.app.inject({
      method: 'GET',
      url: picture.url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const preview = await t.app.inject({ method: 'GET', url: picture.previewUrl });
    expect(preview.statusCode).toBe(200);
  });

  it('names a file by a keyed hash: nobody can compute it from the picture to test who uploaded it', async () => {
    t = await makeTestApp();
    const picture = await uploaded(t, (await t.member()).token);
    const bytes = (await t.app.inject({ method: 'GET', url: picture.url })).rawPayload;
    expect(picture.url).not.toContain(createHash('sha256').update(bytes).digest('hex'));
    expect(picture.url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
  });

  it('answers 404 for unknown keys and anything that is not a key, never a file outside the storage', async () => {
    t = await makeTestApp();
    const picture = await uploaded(t, (await t.member()).token);
    const unknown = keyOf(picture.url).replace(/^(..\/..\/)(.)/, (_, head: string, c: string) =>
      head === '00/00/' ? head : `${head}${c === '0' ? '1' : '0'}`,
    );
    for (const url of [
      `/media/${unknown}`,
      '/media/../../etc/passwd',
      '/media/..%2f..%2fetc%2fpasswd',
      `/media/${keyOf(picture.url).replace('.webp', '.svg')}`,
      `/media/${keyOf(picture.url).toUpperCase()}`,
      '/media/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

/** A picture that does not compress: its stored files are large. */
function noise(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg()
    .toBuffer();
}
