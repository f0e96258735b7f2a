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
  const atOnce = options.atOnce ?? defaultImagesAtOnce();
  const slots = workSlots({
    running: atOnce,
    waiting: options.waiting ?? atOnce * 4,
    waitMs,
    busy: () => imagesBusy(waitMs / 1000),
  });
  const { maxPixels, maxFrames, maxAnimationPixels, timeoutSeconds } = options;
  const bounds = { maxPixels, maxFrames, maxAnimationPixels, timeoutSeconds };
  return {
    atOnce,
    process: (bytes: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> =>
      slots.run(() => processImage(bytes, purpose, bounds)),
    /** Nothing running and nothing waiting (for tests and a graceful shutdown). */
    idle: slots.idle,
  };
}
