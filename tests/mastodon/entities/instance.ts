import { z } from 'zod';
import { account } from './account.js';
import { html, int, url } from './common.js';
import { rule } from './rule.js';

const access = z.enum(['public', 'authenticated', 'disabled']);
const feedAccess = z.looseObject({ local: access, remote: access });

// entities/Instance.md: GET /api/v2/instance.
export const instance = z.looseObject({
  domain: z.string(),
  title: z.string(),
  version: z.string(),
  source_url: url,
  description: z.string(),
  usage: z.looseObject({ users: z.looseObject({ active_month: int }) }),
  thumbnail: z.looseObject({
    url,
    blurhash: z.string().optional(),
    versions: z.looseObject({ '@1x': url.optional(), '@2x': url.optional() }).optional(),
  }),
  icon: z.array(z.looseObject({ src: url, size: z.string().regex(/^\d+x\d+$/) })),
  languages: z.array(z.string()),
  configuration: z.looseObject({
    urls: z.looseObject({
      streaming: url,
      status: url.nullable(),
      about: url,
      privacy_policy: url.nullable(),
      terms_of_service: url.nullable(),
    }),
    vapid: z.looseObject({ public_key: z.string() }),
    accounts: z.looseObject({ max_featured_tags: int, max_pinned_statuses: int }),
    statuses: z.looseObject({
      max_characters: int,
      max_media_attachments: int,
      characters_reserved_per_url: int,
    }),
    media_attachments: z.looseObject({
      supported_mime_types: z.array(z.string()),
      description_limit: int,
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
    translation: z.looseObject({ enabled: z.boolean() }),
    timelines_access: z.looseObject({
      live_feeds: feedAccess,
      hashtag_feeds: feedAccess,
      trending_link_feeds: feedAccess,
    }),
    limited_federation: z.boolean(),
  }),
  registrations: z.looseObject({
    enabled: z.boolean(),
    approval_required: z.boolean(),
    message: html.nullable(),
    min_age: int.nullable(),
    reason_required: z.boolean().nullable(),
    url: url.nullable(),
  }),
  api_versions: z.looseObject({ mastodon: int }),
  contact: z.looseObject({ email: z.string(), account: account.nullable() }),
  rules: z.array(rule),
});
