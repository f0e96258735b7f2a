import { thumbHashToDataURL } from 'thumbhash';
import type { Picture } from './upload-picture';

/**
 * A lone picture keeps its shape between 16:9 (wide) and 4:5 (tall): a panorama does not shrink to a strip
 * and a tall screenshot does not fill the screen; the part outside is cropped from the middle.
 */
export function singleAspect(picture: Pick<Picture, 'width' | 'height'>): number {
  if (picture.width <= 0 || picture.height <= 0) return 1;
  return Math.min(16 / 9, Math.max(4 / 5, picture.width / picture.height));
}

/**
 * The ThumbHash (base64, under 40 bytes) drawn as a tiny PNG data URL, the slot's background until the
 * picture arrives; none if it cannot be read. Pure, so the server draws the same first screen.
 */
export function placeholderUrl(placeholder: string): string | undefined {
  if (!placeholder) return undefined;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return undefined;
  }
}

/** The two stored sizes as a `srcset`, so a phone takes the preview and a wide screen the larger one. */
export function srcSet(picture: Picture): string {
  if (picture.previewWidth >= picture.width) return `${picture.previewUrl} ${picture.previewWidth}w`;
  return `${picture.previewUrl} ${picture.previewWidth}w, ${picture.url} ${picture.width}w`;
}
