import { writeFileSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageRefused, type ImageRefusal } from '../../src/server/media/image-errors.js';
import { processImage } from '../../src/server/media/image-process.js';
import { sniffImageKind } from '../../src/server/media/image-sniff.js';
import { animatedGif, noisyJpeg, plain, pngBomb } from './image-inputs.js';

const folder = mkdtempSync(join(tmpdir(), 'realm-image-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function refusal(bytes: Buffer, options = {}): Promise<ImageRefused> {
  const error = await processImage(bytes, 'post', options).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImageRefused);
  const refused = error as ImageRefused;
  // The caller answers 400 with this message: plain words, no libvips internals.
  expect(refused.status).toBe(400);
  expect(refused.message).not.toMatch(/vips|sharp|heifload|jpegload/i);
  return refused;
}

const expectRefused = async (bytes: Buffer, reason: ImageRefusal, options = {}) =>
  expect((await refusal(bytes, options)).reason).toBe(reason);

describe('refusing what is not a picture Realm takes', () => {
  it('refuses a decompression bomb (900 megapixels in 110 KB) from its header, quickly', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const refused = await refusal(bomb);
    expect(refused.reason).toBe('too-many-pixels');
    expect(refused.message).toContain('40 megapixels');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('counts every frame of an animation against the pixel limit', async () => {
    // 6 frames of 120 x 90 are 64,800 pixels: a 50,000 limit refuses them though one frame is 10,800; a
    // 100,000 limit takes them.
    await expectRefused(await animatedGif(6), 'too-many-pixels', { maxPixels: 50_000 });
    await expect(processImage(await animatedGif(6), 'post', { maxPixels: 100_000 })).resolves.toMatchObject({
      animated: true,
    });
  });

  it('refuses SVG, which can carry script, with its own message', async () => {
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(1)</script><rect width="10" height="10"/></svg>';
    const refused = await refusal(Buffer.from(svg));
    expect(refused.reason).toBe('svg');
    expect(refused.message).toMatch(/SVG/);
  });

  it('refuses a text file named photo.jpg: the bytes decide, not the name', async () => {
    const file = join(folder, 'photo.jpg');
    writeFileSync(file, 'Just some notes, not a photo at all.\n');
    await expectRefused(readFileSync(file), 'not-an-image');
    await expectRefused(Buffer.alloc(0), 'empty');
  });

  it('refuses kinds it does not take even when a decoder could read them (TIFF, PDF)', async () => {
    await expectRefused(await plain(20, 20).tiff().toBuffer(), 'not-an-image');
    await expectRefused(Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'not-an-image');
  });

  it('refuses a JPEG cut short and a JPEG wearing a PNG signature', async () => {
    const jpeg = await noisyJpeg(400, 300);
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'damaged');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expectRefused(Buffer.concat([png, jpeg]), 'damaged');
  });

  it('refuses a polyglot: a JPEG that is also a web page, and a GIF with a ZIP (a JAR) after it', async () => {
    const jpeg = await plain(40, 30).jpeg().toBuffer();
    // A JPEG comment segment (FF FE) right after the start marker: every decoder skips it, a browser
    // sniffing the file as HTML would run it.
    const comment = Buffer.from('<html><script>alert(document.cookie)</script></html>', 'latin1');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(comment.length + 2);
    const pageInJpeg = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xfe]),
      length,
      comment,
      jpeg.subarray(2),
    ]);
    await expectRefused(pageInJpeg, 'polyglot');

    const zipEnd = Buffer.alloc(22);
    zipEnd.writeUInt32LE(0x06054b50, 0);
    const gifar = Buffer.concat([
      await animatedGif(2),
      Buffer.from('PK\x03\x04 a class file', 'latin1'),
      zipEnd,
    ]);
    await expectRefused(gifar, 'polyglot');
  });

  it('tells the kinds apart by their first bytes', async () => {
    expect(sniffImageKind(await plain(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageKind(await plain(8, 8).png().toBuffer())).toBe('png');
    expect(sniffImageKind(await plain(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffImageKind(await plain(8, 8).gif().toBuffer())).toBe('gif');
    expect(sniffImageKind(await plain(8, 8).avif().toBuffer())).toBe('heif');
    // An MP4 video is ISO base media too, but not HEIF.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypisom\0\0\0\0isomiso2', 'latin1'),
    ]);
    expect(sniffImageKind(mp4)).toBeUndefined();
  });
});
