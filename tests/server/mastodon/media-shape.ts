import { expect } from 'vitest';

// Mastodon's MediaAttachment as its documentation gives it (content/en/entities/MediaAttachment.md), for a
// picture: every documented attribute, of its documented type; `text_url` is gone since 3.5;
// `preview_remote_url` is in Mastodon's serializer, null for local files.

const size = {
  width: expect.any(Number),
  height: expect.any(Number),
  size: expect.stringMatching(/^\d+x\d+$/),
  aspect: expect.any(Number),
};

const blurhash = /^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{6,}$/;

export const mediaAttachmentShape = {
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  type: 'image',
  url: expect.stringMatching(/^https?:\/\/[^/]+\/media\/.+\.webp$/),
  preview_url: expect.stringMatching(/^https?:\/\/[^/]+\/media\/.+\.webp$/),
  remote_url: null,
  preview_remote_url: null,
  meta: { original: size, small: size },
  description: expect.toSatisfy((value: unknown) => value === null || typeof value === 'string'),
  blurhash: expect.toSatisfy(
    (value: unknown) => value === null || (typeof value === 'string' && blurhash.test(value)),
  ),
};
