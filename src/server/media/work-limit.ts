import { availableParallelism } from 'node:os';
import { workSlots } from '../domain/work-slots.js';
import { imagesBusy } from './image-errors.js';
import {
  processImage,
  type ImagePurpose,
  type ProcessedImage,
  type ProcessOptions,
} from './image-process.js';

export interface ImageWorkLimitOptions extends ProcessOptions {
  /** Pictures processed at once by this process (the setting); by default from the cores, see below. */
  atOnce?: number;
  /** How long a picture waits for a slot before the caller is told to try later. */
  waitMs?: number;
  /** How many may wait at once; beyond that the answer is "busy" at once, so waiting uploads' bytes do not pile up. */
  waiting?: number;
  /**
   * What the pictures under way may take to decode, all together (the memory budget's part for them): it
   * bounds how many run at once, and what one picture decoded whole may take.
   */
  memoryBytes?: number;
}

/**
 * What one picture decoded whole should have room for: a 12-megapixel phone photo at 4 bytes a pixel, so an
 * iPhone's HEIC or a progressive JPEG from a phone is taken at the default budget (one at a time).
 */
export const minBytesPerPicture = 48 * 1024 * 1024;

/**
 * The pictures at once that fit the memory: as many as `wanted` (the setting or the cores) while each gets
 * at least minBytesPerPicture, one at least; each then gets an equal part to decode into.
 */
export function picturesInMemory(wanted: number, memoryBytes: number) {
  const atOnce = Math.max(1, Math.min(wanted, Math.floor(memoryBytes / minBytesPerPicture)));
  return { atOnce, bytesPerPicture: Math.floor(memoryBytes / atOnce) };
}

/**
 * sharp decodes and encodes in libuv's thread pool, which file reads, DNS lookups and crypto share, and
 * which holds 4 threads unless UV_THREADPOOL_SIZE says otherwise: pictures may take all but one of them,
 * and no more than there are cores, since each one keeps a core busy.
 */
export function defaultImagesAtOnce(
  cores = availableParallelism(),
  poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(cores, poolSize - 1));
}

/**
 * processImage behind a per-process limit: at most `atOnce` pictures at a time, the next few wait up to
 * `waitMs` (2 s by default), and the rest get a 503 DomainError with Retry-After. Each picture also has
 * processImage's wall-time bound, so a slot is never held for ever.
 */
export function imageWorkLimit(options: ImageWorkLimitOptions = {}) {
  const waitMs = options.waitMs ?? 2000;
  const wanted = options.atOnce ?? defaultImagesAtOnce();
  const { atOnce, bytesPerPicture } =
    options.memoryBytes === undefined
      ? { atOnce: wanted, bytesPerPicture: undefined }
      : picturesInMemory(wanted, options.memoryBytes);
  const slots = workSlots({
    running: atOnce,
    waiting: options.waiting ?? atOnce * 4,
    waitMs,
    busy: () => imagesBusy(waitMs / 1000),
  });
  const { maxPixels, maxFrames, maxAnimationPixels, timeoutSeconds } = options;
  const bounds = {
    maxPixels,
    maxFrames,
    maxAnimationPixels,
    timeoutSeconds,
    maxDecodedBytes: bytesPerPicture,
  };
  return {
    atOnce,
    process: (bytes: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> =>
      slots.run(() => processImage(bytes, purpose, bounds)),
    /** Nothing running and nothing waiting (for tests and a graceful shutdown). */
    idle: slots.idle,
  };
}
