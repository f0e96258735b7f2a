import { mediaUrl } from '../../domain/media-url.js';
import type { PostMedia } from '../../domain/views.js';
import type { MediaRow } from '../../store/store.js';
import { absoluteUrl } from '../web-urls.js';
import { blurhashOf } from './blurhash.js';

// Mastodon's MediaAttachment (mastodon/documentation content/en/entities/MediaAttachment.md) for a picture
// on a post (a card's PostMedia) or an upload's row. Every Realm picture is an `image`: an animated GIF is
// stored as an animated WebP, which apps' image views play, whereas Mastodon's `gifv` is a looping MP4 for
// a video player (docs/mastodon-api.md, "Pictures").

type Size = { width: number; height: number; size: string; aspect: number };

export type MediaAttachment = {
  id: string;
  type: 'image';
  url: string;
  preview_url: string;
  remote_url: null;
  preview_remote_url: null;
  meta: { original: Size; small: Size };
  description: string | null;
  blurhash: string | null;
};

const size = (width: number, height: number): Size => ({
  width,
  height,
  size: `${width}x${height}`,
  aspect: height > 0 ? width / height : 1,
});

export function mediaAttachment(origin: string, media: PostMedia | MediaRow): MediaAttachment {
  const fromRow = 'largeKey' in media;
  const url = fromRow ? mediaUrl(media.largeKey) : media.url;
  const previewUrl = fromRow ? mediaUrl(media.previewKey) : media.previewUrl;
  return {
    id: media.id,
    type: 'image',
    url: absoluteUrl(origin, url),
    preview_url: absoluteUrl(origin, previewUrl),
    remote_url: null,
    preview_remote_url: null,
    meta: {
      original: size(media.width, media.height),
      small: size(media.previewWidth, media.previewHeight),
    },
    // Mastodon's "no alt text" is null; Realm's is an empty string.
    description: media.alt === '' ? null : media.alt,
    blurhash: blurhashOf(media.placeholder),
  };
}
