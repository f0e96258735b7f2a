import { createHash } from 'node:crypto';
import sharp, { type Metadata, type ResizeOptions, type Sharp, type SharpOptions } from 'sharp';
import { decodeHeic } from './heic-decode.js';
import { ImageRefused } from './image-errors.js';
import { thumbHashOf } from './image-placeholder.js';
import { shapesFor, type ImagePurpose } from './image-shape.js';
import { hidesOtherContent, looksLikeSvg, sniffImageKind, type ImageKind } from './image-sniff.js';

export type { ImagePurpose } from './image-shape.js';

/** 40 megapixels: a 48 MP phone's default 12 MP photo and a 24 MP camera's both pass; a pixel bomb does not. */
export const defaultMaxPixels = 40_000_000;
/** The wall time one picture may take, all steps together, before it is given up. */
export const defaultTimeoutSeconds = 20;
/**
 * An animation's frames, at most: each costs the WebP encoder about a millisecond whatever its size, so a
 * 0.9 MB GIF of 40,000 one-pixel frames held a slot past 20 s. 1,000 frames are over a minute at 15 a second.
 */
export const defaultMaxFrames = 1000;
/**
 * An animation's pixels over all its frames, at most: each frame is encoded whole twice (the stored size and
 * the preview, rarely smaller), slower than a still's pixels, which are mostly shrunk on load. On a busy
 * 2-core machine 12 megapixels of noise frames took 9.5 to 10 s, 16 took 10 to 13 s and 40 past 20 s.
 */
export const defaultMaxAnimationPixels = 12_000_000;

export interface ImageVariant {
  contentType: 'image/webp';
  width: number;
  height: number;
  bytes: Buffer;
  /** sha256 of `bytes`, hex: the storage key, so the same picture is stored once and its URL never changes. */
  sha256: string;
}

export interface ProcessedImage {
  /** What the bytes were (never what the file's name or type header said). */
  sourceKind: ImageKind;
  /** The stored picture's size, after turning it upright (and cropping, for avatars and banners). */
  width: number;
  height: number;
  animated: boolean;
  /** ThumbHash, base64. */
  placeholder: string;
  contentType: 'image/webp';
  large: ImageVariant;
  preview: ImageVariant;
}

export interface ProcessOptions {
  maxPixels?: number;
  maxFrames?: number;
  maxAnimationPixels?: number;
  /** What the picture may take decoded whole, in bytes (work-limit.ts, from the memory budget). */
  maxDecodedBytes?: number;
  /** May be fractional; libvips is given whole seconds, and the picture is given up at the exact time. */
  timeoutSeconds?: number;
}

let configured = false;
/**
 * libvips' operation cache helps a program that reworks the same file; every upload here is new, so the
 * cache would only hold memory. Set on first use rather than at import, so that importing this file calls
 * nothing in sharp: the single executable can only load sharp once its files are unpacked, after imports.
 */
function configureSharp(): void {
  if (configured) return;
  sharp.cache(false);
  configured = true;
}

/**
 * Turns an uploaded file into what Realm stores: upright, at most 2048 px on its long side (avatars and
 * banners cropped to their shape), with no metadata at all (sharp writes none unless asked: EXIF with its
 * GPS, XMP, IPTC and the ICC profile are dropped, the colours converted to sRGB), as WebP, with a preview
 * and a placeholder. Refuses with ImageRefused anything that is not a picture of an accepted kind by its
 * bytes. The work runs in libuv's thread pool; callers bound how many run at once (work-limit.ts).
 */
export async function processImage(
  bytes: Buffer,
  purpose: ImagePurpose,
  options: ProcessOptions = {},
): Promise<ProcessedImage> {
  const deadline = Date.now() + (options.timeoutSeconds ?? defaultTimeoutSeconds) * 1000;
  configureSharp();
  return await withinDeadline(processWithin(bytes, purpose, options, deadline), deadline);
}

/**
 * libvips stops a pipeline past its `timeout` only when it next reports progress, in whole seconds, and each
 * step gets its own: a picture could hold its slot seconds past its bound. The caller is answered at the
 * deadline and the slot freed; what libvips still does stops at its own timeout, within a second or so,
 * holding a thread of libuv's pool and its memory until then (docs/pictures.md, "A few at a time").
 */
async function withinDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImageRefused('too-slow')), Math.max(0, deadline - Date.now()));
  });
  // The given-up work still ends, mostly in libvips' own timeout: an error no one waits for any more.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function processWithin(
  bytes: Buffer,
  purpose: ImagePurpose,
  options: ProcessOptions,
  deadline: number,
): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? defaultMaxPixels;
  const refuse = refusalFor(maxPixels);
  if (bytes.length === 0) throw new ImageRefused('empty');
  const kind = sniffImageKind(bytes);
  if (!kind) throw new ImageRefused(looksLikeSvg(bytes) ? 'svg' : 'not-an-image');
  if (hidesOtherContent(bytes)) throw new ImageRefused('polyglot');

  // Animated GIF and WebP are read whole (every frame counts against the pixel limit); everything else,
  // including a HEIF holding several pictures, gives its first (primary) picture only.
  const mayAnimate = kind === 'gif' || kind === 'webp';
  const input: SharpOptions = {
    limitInputPixels: maxPixels,
    // A file cut short (an upload that stopped) is refused rather than stored with a grey lower half.
    failOn: 'truncated',
    autoOrient: true,
    animated: mayAnimate,
  };
  const metadata = await sharp(bytes, input).metadata().catch(refuse);
  checkFormat(kind, metadata);
  checkMemory(kind, metadata, options.maxDecodedBytes);
  if (isHevcHeif(kind, metadata)) {
    // libvips cannot read it: libheif (wasm, in a worker) decodes it to pixels, which then go through the
    // same resizing, WebP, preview and placeholder as every other picture.
    const decoded = await decodeHeic(bytes, { maxPixels, deadline });
    const raw = () =>
      sharp(decoded.data, {
        raw: { width: decoded.width, height: decoded.height, channels: 4 },
        limitInputPixels: maxPixels,
      });
    const pixels = decoded.opaque ? () => raw().removeAlpha() : raw;
    return await finishImage(kind, purpose, pixels, decoded, false, deadline, refuse);
  }
  const animated = mayAnimate && (metadata.pages ?? 1) > 1;
  if (animated) checkAnimation(metadata, options);
  const source = {
    width: metadata.autoOrient.width,
    height: animated ? (metadata.pageHeight ?? metadata.height) : metadata.autoOrient.height,
  };
  return await finishImage(kind, purpose, () => sharp(bytes, input), source, animated, deadline, refuse);
}

/** Sizes, encodes and summarizes a picture whose pixels `pipeline` reads (a new reader at each call). */
async function finishImage(
  kind: ImageKind,
  purpose: ImagePurpose,
  pipeline: () => Sharp,
  source: { width: number; height: number },
  animated: boolean,
  deadline: number,
  refuse: (error: unknown) => never,
): Promise<ProcessedImage> {
  const [largeShape, previewShape] = shapesFor(purpose, source, !animated);
  const large = await encode(pipeline(), largeShape, animated, deadline).catch(refuse);
  // The preview is made from the stored picture, already upright and small: decoding the upload again
  // would cost as much as the first pass.
  const preview = await encode(sharp(large.bytes, { animated }), previewShape, animated, deadline).catch(
    refuse,
  );
  const placeholder = await thumbHashOf(preview.bytes, secondsLeft(deadline)).catch(refuse);
  return {
    sourceKind: kind,
    width: large.width,
    height: large.height,
    animated,
    placeholder,
    contentType: 'image/webp',
    large,
    preview,
  };
}

/** The decoder must agree with the bytes' signature, so no file is read as a kind it did not claim. */
function checkFormat(kind: ImageKind, metadata: Metadata): void {
  if (metadata.format !== kind) throw new ImageRefused('unsupported-format');
  // HEIF holds AV1 (AVIF, which libvips reads) or HEVC (iPhones' HEIC, decoded by libheif in a worker);
  // any other coding inside (JPEG, uncompressed) is refused with the advice to send a JPEG.
  if (kind === 'heif' && metadata.compression !== 'av1' && metadata.compression !== 'hevc') {
    throw new ImageRefused('heic-unsupported');
  }
}

/** Bytes a decoded pixel takes at most: RGBA, 8 bits a channel (what libvips and libheif hand over). */
const bytesPerPixel = 4;

/**
 * libvips streams most pictures through in strips, shrinking a baseline JPEG and a WebP as they are
 * decoded, but a progressive JPEG or an interlaced PNG must be decoded whole before the first strip, as must
 * each frame of a GIF or an animated WebP and a HEIF: two 40-megapixel progressive JPEGs of 235 KB took 254
 * MB. Such a picture must fit its part of the memory budget, checked from the header before decoding.
 */
function checkMemory(kind: ImageKind, metadata: Metadata, maxDecodedBytes: number | undefined): void {
  if (maxDecodedBytes === undefined) return;
  const frame = metadata.width * (metadata.pageHeight ?? metadata.height);
  const whole =
    kind === 'heif' || kind === 'gif' || (metadata.pages ?? 1) > 1 || metadata.isProgressive === true;
  if (whole && frame * bytesPerPixel > maxDecodedBytes) {
    throw new ImageRefused('too-large-to-decode', Math.floor(maxDecodedBytes / bytesPerPixel / 1e6));
  }
}

/** An animation's frames and its pixels over all of them, from its header, before a frame is decoded. */
function checkAnimation(metadata: Metadata, options: ProcessOptions): void {
  const maxFrames = options.maxFrames ?? defaultMaxFrames;
  const frames = metadata.pages ?? 1;
  if (frames > maxFrames) throw new ImageRefused('too-many-frames', maxFrames);
  const maxAnimationPixels = options.maxAnimationPixels ?? defaultMaxAnimationPixels;
  const pixels = metadata.width * (metadata.pageHeight ?? metadata.height) * frames;
  if (pixels > maxAnimationPixels) {
    throw new ImageRefused('animation-too-large', Math.floor(maxAnimationPixels / 1e6));
  }
}

/**
 * The prebuilt libvips reads HEIF with AV1 inside (AVIF) but has no HEVC decoder (patents), and iPhones'
 * HEIC photos are HEVC: those are decoded by heic-decode instead (heic-decode.ts).
 */
const isHevcHeif = (kind: ImageKind, metadata: Metadata) =>
  kind === 'heif' && metadata.compression === 'hevc';

/**
 * WebP, not AVIF: a 12 MP photo brought to 2048 px took 0.2 s as WebP and 2.3 s as AVIF on a 2-core server
 * (while others wait for a slot), and every browser the web app supports shows WebP, animated too.
 */
async function encode(
  pipeline: Sharp,
  shape: ResizeOptions,
  animated: boolean,
  deadline: number,
): Promise<ImageVariant> {
  const { data, info } = await pipeline
    .resize(shape)
    .webp({ quality: animated ? 75 : 80, effort: 4 })
    .timeout({ seconds: secondsLeft(deadline) })
    .toBuffer({ resolveWithObject: true });
  return {
    contentType: 'image/webp',
    width: info.width,
    // An animated picture comes out as a strip of frames; its height is one frame's.
    height: animated ? (info.pageHeight ?? info.height) : info.height,
    bytes: data,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}

function secondsLeft(deadline: number): number {
  const left = Math.ceil((deadline - Date.now()) / 1000);
  if (left <= 0) throw new ImageRefused('too-slow');
  return left;
}

/** libvips' errors, in the member's words. */
function refusalFor(maxPixels: number) {
  return (error: unknown): never => {
    if (error instanceof ImageRefused) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new ImageRefused('too-many-pixels', Math.floor(maxPixels / 1e6));
    if (/timeout/i.test(message)) throw new ImageRefused('too-slow');
    if (/heif/i.test(message) && /(decoder|compression|unsupported)/i.test(message)) {
      throw new ImageRefused('heic-unsupported');
    }
    throw new ImageRefused('damaged');
  };
}
