import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeHeic } from '../../src/server/media/heic-decode.js';
import { ImageRefused, type ImageRefusal } from '../../src/server/media/image-errors.js';
import { processImage } from '../../src/server/media/image-process.js';
import { sniffImageKind } from '../../src/server/media/image-sniff.js';

// Both made with Debian's heif-enc (libheif 1.15 with x265): sharp cannot write HEVC. The small one is
// 64 x 48 (577 bytes); the large one a 3000 x 2000 pattern at quality 20 (39 KB, half a second to decode).
const small = readFileSync(new URL('fixtures/hevc-64x48.heic', import.meta.url));
const large = readFileSync(new URL('fixtures/hevc-3000x2000.heic', import.meta.url));
const turned = readFileSync(new URL('fixtures/hevc-64x48-irot90.heic', import.meta.url));

async function reasonOf(work: Promise<unknown>): Promise<ImageRefusal> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImageRefused);
  return (error as ImageRefused).reason;
}

/** The HEIF with its primary picture's declared size (its second ispe box) rewritten, the pixels kept. */
function claimingSize(width: number, height: number): Buffer {
  const copy = Buffer.from(small);
  const ispe = copy.indexOf('ispe', copy.indexOf('ispe') + 4);
  copy.writeUInt32BE(width, ispe + 8);
  copy.writeUInt32BE(height, ispe + 12);
  return copy;
}

describe('iPhone HEIC photos (HEVC inside), decoded by libheif in a worker', () => {
  it('accepts the HEVC fixture: the right size, stored as WebP, with no metadata', async () => {
    expect(sniffImageKind(small)).toBe('heif');
    expect((await sharp(small).metadata()).compression).toBe('hevc');
    const image = await processImage(small, 'post');
    expect([image.sourceKind, image.width, image.height, image.animated]).toEqual(['heif', 64, 48, false]);
    expect(image.large.bytes.toString('latin1', 8, 12)).toBe('WEBP');
    expect(image.placeholder.length).toBeGreaterThan(10);
    const stored = await sharp(image.large.bytes).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 64, 48]);
    expect([stored.exif, stored.icc, stored.xmp, stored.iptc]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // An opaque photo is stored without an alpha channel.
    expect(stored.hasAlpha).toBe(false);
  });

  it('turns a HEIC upright as its rotation box (irot) says: 64 x 48 turned a quarter is 48 x 64', async () => {
    // The small fixture with an irot box (90 degrees anticlockwise) added to its primary picture by hand
    // (10 bytes: the box in ipco, its association in ipma, iloc's offsets moved); Debian's heif-convert
    // turns it the same way.
    const image = await processImage(turned, 'post');
    expect([image.width, image.height]).toEqual([48, 64]);
    // The pixels are the unturned picture's, turned: libheif applied the box, and nothing turned them twice.
    const deadline = Date.now() + 10_000;
    const [upright, plain] = await Promise.all([
      decodeHeic(turned, { maxPixels: 40e6, deadline }),
      decodeHeic(small, { maxPixels: 40e6, deadline }),
    ]);
    const raw = { width: plain.width, height: plain.height, channels: 4 } as const;
    const expected = await sharp(plain.data, { raw }).rotate(270).raw().toBuffer();
    expect([upright.width, upright.height]).toEqual([48, 64]);
    expect(upright.data.equals(expected)).toBe(true);
  });

  it('brings a large one to 2048 px with its preview, and makes avatars from it', async () => {
    const image = await processImage(large, 'post');
    expect([image.width, image.height]).toEqual([2048, 1365]);
    expect(image.preview.width).toBeLessThan(image.width);
    const avatar = await processImage(large, 'avatar');
    expect([avatar.width, avatar.height]).toEqual([400, 400]);
  });

  it('refuses a HEIC over the pixel limit from its declared size, before decoding', async () => {
    // 64 x 48 is 3,072 pixels: the worker itself refuses it under a 3,000 limit.
    expect(await reasonOf(decodeHeic(small, { maxPixels: 3_000, deadline: Date.now() + 10_000 }))).toBe(
      'too-many-pixels',
    );
    const refused = processImage(small, 'post', { maxPixels: 3_000 });
    expect(await reasonOf(refused)).toBe('too-many-pixels');
    // A file that claims 100 megapixels is refused at once, though its coded picture is tiny: the declared
    // size is checked before any pixel is decoded.
    const started = performance.now();
    expect(await reasonOf(processImage(claimingSize(10_000, 10_000), 'post'))).toBe('too-many-pixels');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a HEIC cut short as damaged, and gives up past its time budget', async () => {
    expect(await reasonOf(processImage(large.subarray(0, 20_000), 'post'))).toBe('damaged');
    // The worker is terminated at the deadline, however far the decode has gone.
    const started = performance.now();
    expect(await reasonOf(decodeHeic(large, { maxPixels: 40e6, deadline: Date.now() + 50 }))).toBe(
      'too-slow',
    );
    expect(performance.now() - started).toBeLessThan(400);
  });

  it('keeps the event loop responsive while two large HEIC photos are decoded', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    delay.enable();
    const started = performance.now();
    const results = await Promise.all([processImage(large, 'post'), processImage(large, 'post')]);
    const elapsed = performance.now() - started;
    delay.disable();
    clearInterval(ticker);
    expect(results.map((result) => result.width)).toEqual([2048, 2048]);
    // The wasm decoder on the loop would show as one delay as long as a decode (half a second); in its
    // worker the loop keeps answering timers. Bounds are loose for a busy 2-core machine.
    const p99 = delay.percentile(99) / 1e6;
    expect(elapsed).toBeGreaterThan(200);
    expect(p99).toBeLessThan(Math.min(250, elapsed / 3));
    expect(ticks).toBeGreaterThan(elapsed / 10 / 3);
  });
});
