import { z } from 'zod';
import { account, customEmoji } from './account.js';
import { datetime, html, id, int, url } from './common.js';

// entities/PreviewCardAuthor.md
export const previewCardAuthor = z.looseObject({
  name: z.string(),
  url,
  account: account.nullable(),
});

// entities/PreviewCard.md; author_url, provider_url and embed_url are "" when unknown, as the examples show.
export const previewCard = z.looseObject({
  url,
  title: z.string(),
  description: z.string(),
  type: z.enum(['link', 'photo', 'video', 'rich']),
  authors: z.array(previewCardAuthor),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  html,
  width: int,
  height: int,
  image: url.nullable(),
  embed_url: z.string(),
  blurhash: z.string().nullable(),
});

// entities/Poll.md
export const poll = z.looseObject({
  id,
  expires_at: datetime.nullable(),
  expired: z.boolean(),
  multiple: z.boolean(),
  votes_count: int,
  voters_count: int.nullable(),
  options: z.array(z.looseObject({ title: z.string(), votes_count: int.nullable() })),
  emojis: z.array(customEmoji),
  voted: z.boolean().optional(),
  own_votes: z.array(int).optional(),
});
