import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

/**
 * A ThumbHash (about 25 bytes, base64) of the picture's first frame: the client paints it, at the picture's
 * aspect, before the picture arrives. ThumbHash rather than BlurHash because it keeps the aspect ratio and
 * alpha, and needs no size parameters. It works on at most 100x100 pixels, so the preview is shrunk first.
 */
export async function thumbHashOf(preview: Buffer, timeoutSeconds: number): Promise<string> {
  const { data, info } = await sharp(preview, { pages: 1 })
    .resize({ width: 100, height: 100, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .timeout({ seconds: timeoutSeconds })
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
