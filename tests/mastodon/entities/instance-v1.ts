import { z } from 'zod';
import { account } from './account.js';
import { int, url } from './common.js';
import { rule } from './rule.js';

// entities/V1_Instance.md: GET /api/v1/instance (deprecated by v2, still read by many apps).
export const instanceV1 = z.looseObject({
  uri: z.string(),
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  email: z.string(),
  version: z.string(),
  urls: z.looseObject({ streaming_api: url }),
  stats: z.looseObject({ user_count: int, status_count: int, domain_count: int }),
  thumbnail: url.nullable(),
  languages: z.array(z.string()),
  registrations: z.boolean(),
  approval_required: z.boolean(),
  invites_enabled: z.boolean(),
  configuration: z.looseObject({
    accounts: z.looseObject({ max_featured_tags: int }),
    statuses: z.looseObject({
      max_characters: int,
      max_media_attachments: int,
      characters_reserved_per_url: int,
    }),
    media_attachments: z.looseObject({
      supported_mime_types: z.array(z.string()),
      image_size_limit: int,
      image_matrix_limit: int,
      video_size_limit: int,
      video_frame_rate_limit: int,
      video_matrix_limit: int,
    }),
    polls: z.looseObject({
      max_options: int,
      max_characters_per_option: int,
      min_expiration: int,
      max_expiration: int,
    }),
  }),
  contact_account: account.nullable(),
  rules: z.array(rule),
});
