import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaConfig } from '../config.js';
import { DomainError } from '../domain/errors.js';
import type { MediaDeps, PictureFile, ProcessedPicture } from '../domain/media.js';
import type { ImageVariant, ProcessedImage } from '../media/image-process.js';
import type { MediaStorage } from '../media/storage.js';
import type { MediaKind, Store } from '../store/store.js';

type ImageWork = { process(bytes: Buffer, purpose: MediaKind): Promise<ProcessedImage> };

/**
 * The key that names stored files: derived from the instance's token secret, so that it is the same on
 * every worker and node, and nobody outside can compute it (docs/decisions/0007-media-storage.md).
 */
export function fileNameKey(instanceSecret: string): Buffer {
  return createHmac('sha256', instanceSecret).update('realm: names of stored pictures').digest();
}

/**
 * The storage key of a processed variant, in storage.ts's `ab/cd/<hash>.webp`: a keyed hash (HMAC-SHA-256)
 * of its bytes. The same picture still gets the same name (files are shared, cached for ever), but a name
 * cannot be computed from a picture one has, so no one can test whether a member uploaded a known picture.
 */
function fileOf(variant: ImageVariant, nameKey: Buffer): PictureFile {
  const hash = createHmac('sha256', nameKey).update(variant.bytes).digest('hex');
  return {
    key: `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.webp`,
    bytes: variant.bytes,
    contentType: variant.contentType,
    width: variant.width,
    height: variant.height,
  };
}

/**
 * What the upload rule needs, from the settings. sharp (a native addon) is loaded on the first upload, not
 * at start: an instance that never receives a picture never loads it. In the single executable `sharp` is a
 * stand-in that unpacks the library on first use (src/sea/sharp-shim.ts): reading its libvips version here
 * loads it, so a library that cannot load answers 503, says why in the log, and the next upload tries again.
 */
export function mediaDeps(
  store: Store,
  storage: MediaStorage,
  config: MediaConfig,
  log: FastifyBaseLogger,
  nameKey: Buffer,
): MediaDeps {
  let work: Promise<ImageWork> | undefined;
  const loadWork = async (): Promise<ImageWork> => {
    try {
      const [{ default: sharp }, { imageWorkLimit }] = await Promise.all([
        import('sharp'),
        import('../media/work-limit.js'),
      ]);
      if (!sharp.versions.vips) throw new Error('sharp names no libvips version');
      return imageWorkLimit({
        ...(config.atOnce !== undefined && { atOnce: config.atOnce }),
        memoryBytes: config.memoryBytes,
      });
    } catch (error) {
      work = undefined;
      log.error({ err: error }, 'the image library cannot be loaded; uploads answer 503');
      throw new DomainError(
        503,
        'Pictures cannot be processed right now: the image library could not be loaded. Try again later.',
        'SERVICE_UNAVAILABLE',
      );
    }
  };
  const imageWork = () => (work ??= loadWork());
  return {
    store,
    files: storage,
    async process(bytes, purpose): Promise<ProcessedPicture> {
      const image = await (await imageWork()).process(bytes, purpose);
      return {
        placeholder: image.placeholder,
        large: fileOf(image.large, nameKey),
        preview: fileOf(image.preview, nameKey),
      };
    },
    limits: {
      maxBytes: config.maxBytes,
      quotaBytes: config.quotaBytes,
      uploadsPerHour: config.uploadsPerHour,
      perPost: config.perPost,
    },
  };
}
