import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

// Real files made by sharp (libvips), as a camera or an editor would write them, built fresh per run.

/** A width x height RGB picture, red on its left half and blue on its right, so a turn shows. */
export function halves(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A phone's photo held sideways: EXIF orientation 6 (turn 90° clockwise), camera make, GPS position. */
export const sidewaysJpegWithGps = () =>
  halves(300, 200)
    .jpeg()
    .withExif({
      IFD0: { Make: 'RealmTestCam', Model: 'Sideways' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .toBuffer();

export const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } });

/** Noise does not compress, so the encoder has real work: a camera-like load. */
export const noisyJpeg = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

/** A PNG with a transparent left half and an opaque green right half. */
export function pngWithAlpha(): Promise<Buffer> {
  const width = 64;
  const height = 32;
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    if (i % width >= width / 2) pixels.set([0, 200, 0, 255], i * 4);
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A GIF of `frames` frames, each a different grey, 100 ms apart. */
export function animatedGif(frames: number, width = 120, height = 90): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f++)
    pixels.fill(30 + f * 40, f * width * height * 3, (f + 1) * width * height * 3);
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: 100 })
    .toBuffer();
}

/**
 * A real decompression bomb: a valid PNG of 30000 x 30000 one-bit pixels (900 megapixels, 112 MB once
 * inflated) that is about 110 KB on disk. Written by hand, since making it through a decoder is the attack.
 */
export function pngBomb(side = 30_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // each row: filter byte 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The RIFF chunks of a WebP file (VP8, VP8X, ANIM, ANMF, EXIF, XMP, ICCP, ...). */
export function webpChunks(bytes: Buffer): string[] {
  const names: string[] = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    names.push(bytes.toString('latin1', at, at + 4));
    const size = bytes.readUInt32LE(at + 4);
    // ANIM and ANMF hold frames; VP8X only flags. Only the top level matters for metadata chunks.
    at += 8 + size + (size % 2);
  }
  return names;
}

/**
 * A legal GIF of `frames` frames on a `side` x `side` screen, each drawing one white pixel somewhere new: 23
 * bytes a frame, so 40,000 frames are a 0.9 MB file. Written by hand (GIF89a: a graphic control extension, an
 * image descriptor and three LZW codes a frame), since a decoder or encoder would take the time it wastes.
 */
export function manyFramesGif(frames: number, side = 10): Buffer {
  const head = Buffer.alloc(19);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(side, 6);
  head.writeUInt16LE(side, 8);
  head[10] = 0x80; // a global colour table of two entries: black, white
  head.set([0, 0, 0, 255, 255, 255], 13);
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0, 0, 0]);
  const frame = (index: number) => {
    const bytes = Buffer.from([
      ...[0x21, 0xf9, 0x04, 0x04, 0x02, 0x00, 0x00, 0x00], // 20 ms, each frame drawn over the last
      ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00], // a 1 x 1 frame, placed below
      ...[0x02, 0x02, 0x4c, 0x01, 0x00], // LZW of code size 2: clear, colour 1, end
    ]);
    bytes.writeUInt16LE(index % side, 9);
    bytes.writeUInt16LE(Math.floor(index / side) % side, 11);
    return bytes;
  };
  const all = Array.from({ length: frames }, (_, index) => frame(index));
  return Buffer.concat([head, loop, ...all, Buffer.from([0x3b])]);
}

/** An animated GIF of noise frames, which WebP cannot make cheap: real work for the encoder. */
export const noiseGif = (frames: number, side: number) =>
  sharp({
    create: {
      width: side,
      height: side * frames,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
      pageHeight: side,
    },
  })
    .gif({ delay: 20, colours: 16, effort: 1, dither: 0 })
    .toBuffer();
