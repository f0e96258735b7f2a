import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { serverFailureText } from '../../src/client/lib/error-text.js';
import { placeholderUrl, singleAspect, srcSet } from '../../src/client/lib/picture-layout.js';
import { busyText, uploadErrorText, type Picture } from '../../src/client/lib/upload-picture.js';

// The web app's words for a refused upload, and how a card lays out a picture before it arrives.

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('uploadErrorText', () => {
  it("keeps the server's sentence for a file that is not a picture, one too large, or the quota", async () => {
    const notPicture = 'This file is not a picture. Send a JPEG, PNG, WebP, AVIF or GIF.';
    expect(await uploadErrorText(answer(400, { errors: [notPicture] }))).toBe(notPicture);
    const large = 'This picture is larger than the 16 MB limit. Send a smaller one.';
    expect(await uploadErrorText(answer(413, { errors: [large] }))).toBe(large);
    const quota = 'Your pictures take all the storage this instance gives each member.';
    expect(await uploadErrorText(answer(403, { errors: [quota] }))).toBe(quota);
  });

  it('words the busy server, the hourly limit and a fault plainly', async () => {
    const busy = 'The server is busy processing other pictures. Try again in a moment.';
    expect(await uploadErrorText(answer(503, { errors: [busy] }, { 'retry-after': '2' }))).toBe(busyText);
    // A build that cannot process pictures at all answers 503 without Retry-After: its own words.
    const missing = 'Pictures cannot be processed by this build of Realm (the image library is missing).';
    expect(await uploadErrorText(answer(503, { errors: [missing] }))).toBe(missing);
    expect(await uploadErrorText(answer(429, { errors: ['x'] }, { 'retry-after': '90' }))).toBe(
      'You have added many pictures in the last hour. Try again in 90 seconds.',
    );
    expect(await uploadErrorText(answer(429, {}, { 'retry-after': '1200' }))).toMatch(/in 20 minutes\.$/);
    expect(await uploadErrorText(new Response('<html>', { status: 502 }))).toBe(serverFailureText);
    expect(await uploadErrorText(new Response('', { status: 400 }))).toMatch(
      /could not be read as a picture/,
    );
  });
});

describe('a card picture before it arrives', () => {
  it('keeps a lone picture between 16:9 and 4:5', () => {
    expect(singleAspect({ width: 1200, height: 800 })).toBeCloseTo(1.5);
    expect(singleAspect({ width: 4000, height: 1000 })).toBeCloseTo(16 / 9);
    expect(singleAspect({ width: 600, height: 1200 })).toBeCloseTo(4 / 5);
    expect(singleAspect({ width: 0, height: 0 })).toBe(1);
  });

  it('draws the ThumbHash as a PNG data URL, and nothing for a damaged one', () => {
    const rgba = new Uint8Array(4 * 4 * 4).fill(200);
    const hash = btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, rgba)));
    expect(placeholderUrl(hash)).toMatch(/^data:image\/png;base64,/);
    expect(placeholderUrl('')).toBeUndefined();
    expect(placeholderUrl('%%%')).toBeUndefined();
  });

  it('offers the preview and the larger picture by width, once when they are the same', () => {
    const picture = { url: '/media/a.webp', width: 1200, previewUrl: '/media/b.webp', previewWidth: 400 };
    expect(srcSet(picture as Picture)).toBe('/media/b.webp 400w, /media/a.webp 1200w');
    expect(srcSet({ ...picture, width: 300, previewWidth: 300 } as Picture)).toBe('/media/b.webp 300w');
  });
});
