import { z } from 'zod';
import { id, url } from './common.js';

// entities/MediaAttachment.md (`text_url` was removed in 3.5).
export const mediaAttachment = z.looseObject({
  id,
  type: z.enum(['unknown', 'image', 'gifv', 'video', 'audio']),
  url: url.nullable(),
  preview_url: url.nullable(),
  remote_url: url.nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  description: z.string().nullable(),
  blurhash: z.string().nullable(),
});
