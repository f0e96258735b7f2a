import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefused } from '../../src/server/media/image-errors.js';
import { imageWorkLimit } from '../../src/server/media/work-limit.js';
import { memoryPlan } from '../../src/server/memory-budget.js';

// Pictures being processed fit the memory budget's part for them (docs/pictures.md, "Memory"): one that
// must be decoded whole (a progressive JPEG, an interlaced PNG) is refused from its header past its part,
// and the same pixels in a picture libvips streams are processed.

const flat = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#3a6ea5' } });

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('processed, not refused');
    },
    (error: unknown) => error as ImageRefused,
  );

describe('pictures within the memory budget', () => {
  it('under a 128 MB budget: one picture at a time, and none decoded whole past 8 megapixels', async () => {
    const limit = imageWorkLimit({ atOnce: 2, memoryBytes: memoryPlan(128, 1).picturesBytes });
    expect(limit.atOnce).toBe(1);
    // 3,000 x 3,000 are 9 megapixels: 36 MB decoded whole, in a file of a few tens of KB.
    for (const bytes of [
      await flat(3000).jpeg({ progressive: true }).toBuffer(),
      await flat(3000).png({ progressive: true }).toBuffer(),
    ]) {
      const refused = await refusalOf(limit.process(bytes, 'post'));
      expect(refused).toBeInstanceOf(ImageRefused);
      expect([refused.status, refused.reason]).toEqual([400, 'too-large-to-decode']);
      expect(refused.message).toContain('at most 8 megapixels here');
    }
    // The same pixels as a baseline JPEG stream through, and a smaller progressive one fits.
    await expect(limit.process(await flat(3000).jpeg().toBuffer(), 'post')).resolves.toMatchObject({
      width: 2048,
    });
    const small = await flat(2000).jpeg({ progressive: true }).toBuffer();
    await expect(limit.process(small, 'post')).resolves.toMatchObject({ width: 2000 });
  });
});
