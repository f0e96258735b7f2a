import type { PostMedia } from '../../domain/views.js';
import { absoluteUrl } from '../web-urls.js';

// Mastodon's MediaAttachment (https://docs.joinmastodon.org/entities/MediaAttachment/) from a post's
// picture. Realm stores pictures only, so `type` is always "image". Its placeholder is a ThumbHash, not a
// BlurHash, so `blurhash` is null (apps then show a plain box until the preview loads).

const size = (width: number, height: number) => ({
  width,
  height,
  size: `${width}x${height}`,
  aspect: height > 0 ? width / height : 1,
});

export function mediaAttachment(origin: string, media: PostMedia) {
  return {
    id: media.id,
    type: 'image' as const,
    url: absoluteUrl(origin, media.url),
    preview_url: absoluteUrl(origin, media.previewUrl),
    remote_url: null,
    preview_remote_url: null,
    text_url: null,
    meta: {
      original: size(media.width, media.height),
      small: size(media.previewWidth, media.previewHeight),
    },
    description: media.alt === '' ? null : media.alt,
    blurhash: null,
  };
}
