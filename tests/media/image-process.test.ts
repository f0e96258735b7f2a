import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio, thumbHashToRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { processImage } from '../../src/server/media/image-process.js';
import {
  animatedGif,
  halves,
  noisyJpeg,
  plain,
  pngWithAlpha,
  sidewaysJpegWithGps,
  webpChunks,
} from './image-inputs.js';

/** The colour of one pixel of a stored picture. */
async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

describe('processing a picture', () => {
  it('turns a sideways phone photo upright and keeps no EXIF, GPS, XMP, IPTC nor ICC block', async () => {
    const input = await sidewaysJpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('RealmTestCam');
    expect(before.icc).toBeDefined();

    const result = await processImage(input, 'post');
    expect(result.sourceKind).toBe('jpeg');
    // 300 x 200 held sideways is 200 wide and 300 high once turned; the red left half is now on top.
    expect([result.width, result.height]).toEqual([200, 300]);
    for (const variant of [result.large, result.preview]) {
      const after = await sharp(variant.bytes).metadata();
      expect(after.format).toBe('webp');
      expect([after.exif, after.xmp, after.iptc, after.icc, after.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(webpChunks(variant.bytes).filter((name) => ['EXIF', 'XMP ', 'ICCP'].includes(name))).toEqual([]);
      const text = variant.bytes.toString('latin1');
      expect(text).not.toContain('RealmTestCam');
      expect(text).not.toContain('Exif');
    }
    const [top, bottom] = [
      await pixel(result.large.bytes, 100, 20),
      await pixel(result.large.bytes, 100, 280),
    ];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it('keeps a PNG’s transparency', async () => {
    const result = await processImage(await pngWithAlpha(), 'post');
    expect(result.sourceKind).toBe('png');
    expect((await sharp(result.large.bytes).metadata()).hasAlpha).toBe(true);
    expect((await pixel(result.large.bytes, 2, 2))[3]).toBe(0);
    expect((await pixel(result.large.bytes, 60, 2))[3]).toBe(255);
  });

  it('takes WebP and AVIF, stores WebP, and names each variant by the sha256 of its bytes', async () => {
    const webp = await processImage(await plain(320, 240).webp().toBuffer(), 'post');
    const avif = await processImage(await plain(320, 240).avif().toBuffer(), 'post');
    expect([webp.sourceKind, avif.sourceKind]).toEqual(['webp', 'heif']);
    for (const result of [webp, avif]) {
      expect(result.contentType).toBe('image/webp');
      expect([result.width, result.height]).toEqual([320, 240]);
      for (const variant of [result.large, result.preview]) {
        expect(variant.sha256).toBe(createHash('sha256').update(variant.bytes).digest('hex'));
      }
    }
  });

  it('keeps an animated GIF animated, as an animated WebP, frame for frame', async () => {
    const result = await processImage(await animatedGif(4), 'post');
    expect(result.animated).toBe(true);
    expect([result.width, result.height]).toEqual([120, 90]);
    const stored = await sharp(result.large.bytes, { animated: true }).metadata();
    expect([stored.format, stored.pages, stored.pageHeight]).toEqual(['webp', 4, 90]);
    expect(stored.delay).toEqual([100, 100, 100, 100]);
  });

  it('brings a long side of 5000 px down to 2048, with a 400 px preview, keeping the aspect', async () => {
    const result = await processImage(await plain(5000, 2500).jpeg().toBuffer(), 'post');
    expect([result.large.width, result.large.height]).toEqual([2048, 1024]);
    expect([result.preview.width, result.preview.height]).toEqual([400, 200]);
  });

  it('never enlarges a small picture', async () => {
    const result = await processImage(await plain(300, 200).png().toBuffer(), 'post');
    expect([result.large.width, result.large.height]).toEqual([300, 200]);
    expect([result.preview.width, result.preview.height]).toEqual([300, 200]);
  });

  it('crops an avatar square and a banner to 3:1', async () => {
    const avatar = await processImage(await halves(1000, 800).png().toBuffer(), 'avatar');
    expect([avatar.width, avatar.height, avatar.preview.width, avatar.preview.height]).toEqual([
      400, 400, 128, 128,
    ]);
    const smallAvatar = await processImage(await plain(600, 300).png().toBuffer(), 'avatar');
    expect([smallAvatar.width, smallAvatar.height]).toEqual([300, 300]);
    const banner = await processImage(await plain(2000, 1000).jpeg().toBuffer(), 'banner');
    expect([banner.width, banner.height, banner.preview.width, banner.preview.height]).toEqual([
      1500, 500, 600, 200,
    ]);
  });

  it('gives a ThumbHash placeholder that decodes to the picture’s aspect', async () => {
    for (const [width, height] of [
      [1600, 800],
      [600, 900],
    ] as const) {
      const result = await processImage(await halves(width, height).jpeg().toBuffer(), 'post');
      const hash = Buffer.from(result.placeholder, 'base64');
      expect(hash.length).toBeLessThan(40);
      // ThumbHash keeps the aspect coarsely (its grid is a handful of cells a side): within 15 %. The exact
      // size travels beside it.
      expect(Math.abs(thumbHashToApproximateAspectRatio(hash) / (width / height) - 1)).toBeLessThan(0.15);
      const painted = thumbHashToRGBA(hash);
      expect(Math.sign(painted.w - painted.h)).toBe(Math.sign(width - height));
    }
  });

  it('gives up when the wall-time budget is spent', async () => {
    await expect(
      processImage(await noisyJpeg(800, 600), 'post', { timeoutSeconds: 0 }),
    ).rejects.toMatchObject({
      reason: 'too-slow',
      status: 400,
    });
  });
});
