import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlan } from '../../src/server/memory-budget.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';
import { mediaRows, storedFiles, upload } from './media-helpers.js';

// Two 235 KB progressive JPEGs of 40 megapixels took a process under a 128 MB budget from 238 to 492 MB:
// libvips decodes a progressive JPEG whole. POST /media refuses one past the budget's part for it (8
// megapixels at 128 MB) from its header, and stores nothing (docs/pictures.md, "Memory"). Both engines.

let t: TestApp;
afterEach(() => t?.close());

describe('POST /media under a 128 MB memory budget', () => {
  it('refuses a 9-megapixel progressive JPEG with 400 saying how to send it, and stores nothing', async () => {
    t = await makeTestApp({ media: { memoryBytes: memoryPlan(128, 1).picturesBytes } });
    const member = await t.member();
    const picture = await sharp({
      create: { width: 3000, height: 3000, channels: 3, background: '#3a6ea5' },
    })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(picture.length).toBeLessThan(100_000);
    const started = performance.now();
    const response = await upload(t, member.token, picture);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        'This picture is too large for this server to decode in one piece: a progressive JPEG, an interlaced PNG, a GIF or a HEIC/AVIF may have at most 8 megapixels here. Send a smaller one, or save it as an ordinary (baseline) JPEG.',
      ],
    });
    expect(await mediaRows(t)).toEqual([]);
    expect(storedFiles(t)).toEqual([]);
  });
});
