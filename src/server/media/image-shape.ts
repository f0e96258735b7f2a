import type { ResizeOptions } from 'sharp';

export type ImagePurpose = 'post' | 'avatar' | 'banner';

/** The long side of a post's picture: sharp on a phone's screen and a desktop's viewer, a few hundred KB. */
export const postLongSide = 2048;
/** The long side of a post's preview, the size a card shows in the feed. */
export const postPreviewLongSide = 400;
export const avatarSide = 400;
export const avatarPreviewSide = 128;
/** Banners are 3:1, as the profile page draws them. */
export const bannerWidth = 1500;
export const bannerPreviewWidth = 600;

type Size = { width: number; height: number };

/**
 * How the picture (already turned upright) becomes the stored one and its preview. Nothing is ever
 * enlarged: a small avatar stays small and the browser scales it, rather than storing made-up pixels.
 * `still` is false for an animated picture: attention-based cropping works on one frame, so those are
 * cropped around the centre.
 */
export function shapesFor(
  purpose: ImagePurpose,
  source: Size,
  still: boolean,
): [ResizeOptions, ResizeOptions] {
  const position = still ? 'attention' : 'centre';
  if (purpose === 'avatar') {
    const side = Math.min(avatarSide, source.width, source.height);
    const previewSide = Math.min(avatarPreviewSide, side);
    return [
      { width: side, height: side, fit: 'cover', position },
      { width: previewSide, height: previewSide, fit: 'cover' },
    ];
  }
  if (purpose === 'banner') {
    // The widest 3:1 band the source holds, at most bannerWidth across.
    const width = Math.max(3, Math.min(bannerWidth, source.width, source.height * 3));
    const previewWidth = Math.min(bannerPreviewWidth, width);
    return [
      { width, height: Math.max(1, Math.round(width / 3)), fit: 'cover', position },
      { width: previewWidth, height: Math.max(1, Math.round(previewWidth / 3)), fit: 'cover' },
    ];
  }
  return [
    { width: postLongSide, height: postLongSide, fit: 'inside', withoutEnlargement: true },
    { width: postPreviewLongSide, height: postPreviewLongSide, fit: 'inside', withoutEnlargement: true },
  ];
}
