import { afterEach, describe, expect, it } from 'vitest';
import { appToken } from '../../helpers/mastodon-token.js';
import { multipartBody, type FormPart } from '../../helpers/multipart-body.js';
import { makeTestApp, type TestApp } from '../../helpers/test-app.js';
import { jpeg } from '../../trpc/media-helpers.js';
import { expectEntity, mediaAttachment } from '../../mastodon/entities/index.js';
import { mediaAttachmentShape } from './media-shape.js';

// POST /api/v2/media and /api/v1/media (docs/mastodon-api.md, "Pictures"): a real JPEG through Realm's own
// processing, answered as Mastodon's MediaAttachment, with Realm's limits in Mastodon's statuses.

let t: TestApp;
afterEach(() => t?.close());

const picture = async (bytes?: Buffer): Promise<FormPart> => ({
  bytes: bytes ?? (await jpeg(320, 200)),
  type: 'image/jpeg',
  filename: 'photo.jpg',
});

async function send(token: string | undefined, parts: Record<string, FormPart>, url = '/api/v2/media') {
  const { payload, headers } = await multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) },
  });
}

async function memberWithApp(scopes = 'read write') {
  const member = await t.member();
  return { member, token: await appToken(t.app, member.token, scopes) };
}

describe('uploading a picture', () => {
  it('answers 200 with the processed attachment, its alt text and a BlurHash', async () => {
    t = await makeTestApp();
    const { token } = await memberWithApp();
    const res = await send(token, { file: await picture(), description: 'A red square at dusk' });
    expect(res.statusCode).toBe(200);
    expectEntity(mediaAttachment, res.json());
    const body = res.json();
    expect(body).toEqual(mediaAttachmentShape);
    expect(body).toMatchObject({
      type: 'image',
      description: 'A red square at dusk',
      remote_url: null,
      meta: {
        original: { width: 320, height: 200, size: '320x200', aspect: 1.6 },
        small: { size: `${body.meta.small.width}x${body.meta.small.height}` },
      },
    });
    expect(body.blurhash).toHaveLength(36); // 4x4 components
    // Both addresses are absolute and serve the stored WebP files.
    for (const url of [body.url, body.preview_url]) {
      const file = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
    const [row] = await t.sql<{ alt: string; post_id: null }>(
      'select alt, post_id from media where id = $1',
      [body.id],
    );
    expect(row).toEqual({ alt: 'A red square at dusk', post_id: null });
  });

  it('takes the older POST /api/v1/media the same way; no description is null', async () => {
    t = await makeTestApp();
    const { token } = await memberWithApp('write:media');
    const res = await send(token, { file: await picture() }, '/api/v1/media');
    expect(res.statusCode).toBe(200);
    expect(expectEntity(mediaAttachment, res.json())).toEqual(mediaAttachmentShape);
    expect(res.json().description).toBeNull();
  });

  it('refuses callers without a token (401) or without write:media (403), reading no picture', async () => {
    t = await makeTestApp();
    const { token } = await memberWithApp('read');
    const none = await send(undefined, { file: await picture() });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'This method requires an authenticated user' });
    const wrong = await send(token, { file: await picture() });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'This action is outside the authorized scopes' });
    const revoked = await send('not-a-token', { file: await picture() });
    expect(revoked.statusCode).toBe(401);
    expect(await t.sql('select id from media')).toEqual([]);
  });
});

describe("Realm's limits, in Mastodon's statuses", () => {
  it('answers 422 for a file that is no picture, a missing file, long alt text or a bad focus', async () => {
    t = await makeTestApp();
    const { token } = await memberWithApp();
    const text = await send(token, {
      file: { bytes: Buffer.from('hello, I am text'), type: 'image/jpeg', filename: 'a.jpg' },
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().error).toMatch(/not a picture/);
    const missing = await send(token, { description: 'no file' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatch(/"file"/);
    const long = await send(token, { file: await picture(), description: 'x'.repeat(1501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().error).toBe('Alt text must be at most 1500 characters.');
    const focus = await send(token, { file: await picture(), focus: '2,0' });
    expect(focus.statusCode).toBe(422);
    expect((await send(token, { file: await picture(), focus: '-0.5,0.25' })).statusCode).toBe(200);
    expect(await t.sql('select id from media')).toHaveLength(1);
  });

  it('answers 413 past the size limit, counted as the body arrives', async () => {
    t = await makeTestApp({ media: { maxBytes: 4000 } });
    const { token } = await memberWithApp();
    const big = await send(token, { file: await picture(await jpeg(2000, 2000)) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'This picture is larger than the 4 KB limit. Send a smaller one.' });
  });

  it('answers 429 with Retry-After past the hourly cap, and 403 over the quota', async () => {
    t = await makeTestApp({ media: { uploadsPerHour: 1 } });
    const { token } = await memberWithApp();
    expect((await send(token, { file: await picture() })).statusCode).toBe(200);
    const later = await send(token, { file: await picture() });
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(0);
    expect(later.json().error).toMatch(/in the last hour/);
    await t.close();

    t = await makeTestApp({ media: { quotaBytes: 1 } });
    const other = await memberWithApp();
    const full = await send(other.token, { file: await picture() });
    expect(full.statusCode).toBe(403);
    expect(full.json().error).toMatch(/storage this instance gives each member/);
  });
});
