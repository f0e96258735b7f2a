import { afterEach, describe, expect, it } from 'vitest';
import { manyFramesGif } from '../media/image-inputs.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { jpeg, mediaRows, storedFiles, upload } from './media-helpers.js';

// A legal GIF of 40,000 one-pixel frames (0.9 MB) held a picture slot past its 20 s bound, and two members
// sending it made everyone else's uploads 503. POST /media refuses it from its header, with the limit in the
// answer, and another member's photo sent at the same time is stored (docs/pictures.md). Both engines.

let t: TestApp;
afterEach(() => t?.close());

describe('POST /media with a GIF of 40,000 frames', () => {
  it('is refused with 400 naming the frame limit, stores nothing, and does not hold up another upload', async () => {
    t = await makeTestApp({ media: { atOnce: 1 } });
    const [mallory, trudy, ana] = [await t.member(), await t.member(), await t.member()];
    const gif = manyFramesGif(40_000);
    const started = performance.now();
    const [first, second, photo] = await Promise.all([
      upload(t, mallory.token, gif, 'image/gif'),
      upload(t, trudy.token, gif, 'image/gif'),
      upload(t, ana.token, await jpeg(1200, 800)),
    ]);
    for (const refused of [first, second]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        errors: ['This animation has too many frames to process. Send one of at most 1,000 frames.'],
      });
    }
    expect(photo.statusCode, photo.body).toBe(201);
    expect(performance.now() - started).toBeLessThan(3000);
    const rows = await mediaRows(t);
    expect(rows.map((row) => row.id)).toEqual([photo.json<{ id: string }>().id]);
    // Only the photo's two files (its picture and its preview).
    expect(storedFiles(t)).toHaveLength(2);
  });
});
