import { DomainError, tryLater } from '../domain/errors.js';

/** Why a picture was refused; the message is what the member reads, the reason is for logs and tests. */
export type ImageRefusal =
  | 'empty'
  | 'not-an-image'
  | 'svg'
  | 'polyglot'
  | 'unsupported-format'
  | 'heic-unsupported'
  | 'too-many-pixels'
  | 'too-many-frames'
  | 'animation-too-large'
  | 'too-large-to-decode'
  | 'damaged'
  | 'too-slow';

const messages: Record<ImageRefusal, string> = {
  empty: 'The file is empty.',
  'not-an-image': 'This file is not a picture. Send a JPEG, PNG, WebP, AVIF or GIF.',
  svg: 'SVG pictures are not accepted: they can carry scripts. Send a JPEG, PNG, WebP, AVIF or GIF.',
  polyglot: 'This file holds something besides a picture (a script or an archive), so it is not accepted.',
  'unsupported-format': 'This kind of picture is not accepted. Send a JPEG, PNG, WebP, AVIF or GIF.',
  'heic-unsupported':
    'This HEIC photo uses a format this server cannot read. Export it as JPEG (on an iPhone: Settings, Camera, Formats, Most Compatible) and send it again.',
  'too-many-pixels': 'This picture has too many pixels to process. Send one of at most {limit} megapixels.',
  'too-many-frames': 'This animation has too many frames to process. Send one of at most {limit} frames.',
  'animation-too-large':
    'This animation has too many pixels in all its frames to process. Send a shorter or smaller one, of at most {limit} megapixels in all.',
  'too-large-to-decode':
    'This picture is too large for this server to decode in one piece: a progressive JPEG, an interlaced PNG, a GIF or a HEIC/AVIF may have at most {limit} megapixels here. Send a smaller one, or save it as an ordinary (baseline) JPEG.',
  damaged: 'This picture is damaged or incomplete, so it cannot be read.',
  'too-slow': 'This picture took too long to process. Send a smaller one.',
};

/**
 * A picture refused for what it is: no retry changes the answer, so callers answer 400. It is a DomainError,
 * so the adapters that map domain errors (REST, tRPC) already know how to answer it.
 */
export class ImageRefused extends DomainError {
  constructor(
    readonly reason: ImageRefusal,
    /** The limit the message names: megapixels, or frames. */
    limit = 0,
  ) {
    super(400, messages[reason].replace('{limit}', limit.toLocaleString('en')), 'BAD_REQUEST');
    this.name = 'ImageRefused';
  }
}

/** Too many pictures under way in this process: 503 with Retry-After, the picture itself may be fine. */
export const imagesBusy = (retryAfterSeconds: number) =>
  tryLater(503, 'The server is busy processing other pictures. Try again in a moment.', retryAfterSeconds);
