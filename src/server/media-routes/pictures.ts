import type { MediaConfig } from '../config.js';
import { DomainError } from '../domain/errors.js';
import type { MediaDeps, PictureFile, ProcessedPicture } from '../domain/media.js';
import type { ImageVariant, ProcessedImage } from '../media/image-process.js';
import type { MediaStorage } from '../media/storage.js';
import type { MediaKind, Store } from '../store/store.js';

type ImageWork = { process(bytes: Buffer, purpose: MediaKind): Promise<ProcessedImage> };

/** The storage key of a processed variant: its sha256 (already computed) in storage.ts's `ab/cd/<hash>.webp`. */
function fileOf(variant: ImageVariant): PictureFile {
  const hash = variant.sha256;
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
 * at start: an instance that never receives a picture never loads it, and the single executable can unpack
 * it first (media/image-process.ts).
 */
export function mediaDeps(store: Store, storage: MediaStorage, config: MediaConfig): MediaDeps {
  let work: Promise<ImageWork> | undefined;
  const imageWork = () =>
    (work ??= import('../media/work-limit.js').then(
      ({ imageWorkLimit }) => imageWorkLimit(config.atOnce === undefined ? {} : { atOnce: config.atOnce }),
      // A build without sharp (the single executable, until it carries libvips) says so and keeps running;
      // the next upload tries again.
      () => {
        work = undefined;
        throw new DomainError(
          503,
          'Pictures cannot be processed by this build of Realm (the image library is missing). Run Realm from a checkout to share pictures.',
          'SERVICE_UNAVAILABLE',
        );
      },
    ));
  return {
    store,
    files: storage,
    async process(bytes, purpose): Promise<ProcessedPicture> {
      const image = await (await imageWork()).process(bytes, purpose);
      return { placeholder: image.placeholder, large: fileOf(image.large), preview: fileOf(image.preview) };
    },
    limits: {
      quotaBytes: config.quotaBytes,
      uploadsPerHour: config.uploadsPerHour,
      perPost: config.perPost,
    },
  };
}
