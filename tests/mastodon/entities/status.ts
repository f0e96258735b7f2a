import { z } from 'zod';
import { account, customEmoji, type Account } from './account.js';
import { poll, previewCard } from './card.js';
import { datetime, html, id, int, url } from './common.js';
import { mediaAttachment } from './media.js';

// entities/Status.md#Mention
export const mention = z.looseObject({ id, username: z.string(), url, acct: z.string() });

// entities/Status.md#Tag
export const statusTag = z.looseObject({ name: z.string(), url });

// entities/Status.md#application: the app a status was posted with.
export const statusApplication = z.looseObject({ name: z.string(), website: url.nullable() });

const quoteState = z.enum([
  'pending',
  'accepted',
  'rejected',
  'revoked',
  'deleted',
  'unauthorized',
  'blocked_account',
  'blocked_domain',
  'muted_account',
]);

// entities/QuoteApproval.md (4.5)
const quoteAudience = z.enum(['public', 'followers', 'following', 'unsupported_policy']);
export const quoteApproval = z.looseObject({
  automatic: z.array(quoteAudience),
  manual: z.array(quoteAudience),
  current_user: z.enum(['automatic', 'manual', 'denied', 'unknown']),
});

// entities/ShallowQuote.md: a quote nested in a quote carries only the id.
export const shallowQuote = z.looseObject({ state: quoteState, quoted_status_id: id.nullable() });

const statusShape = {
  id,
  uri: z.string(),
  created_at: datetime,
  account,
  content: html,
  visibility: z.enum(['public', 'unlisted', 'private', 'direct']),
  sensitive: z.boolean(),
  spoiler_text: z.string(),
  media_attachments: z.array(mediaAttachment),
  application: statusApplication.optional(),
  mentions: z.array(mention),
  tags: z.array(statusTag),
  emojis: z.array(customEmoji),
  reblogs_count: int,
  favourites_count: int,
  quotes_count: int,
  replies_count: int,
  url: url.nullable(),
  in_reply_to_id: id.nullable(),
  in_reply_to_account_id: id.nullable(),
  poll: poll.nullable(),
  card: previewCard.nullable(),
  language: z.string().nullable(),
  // Documented as nullable; Mastodon sends it only with a deleted status or its source (the examples omit it).
  text: z.string().nullable().optional(),
  edited_at: datetime.nullable(),
  quote_approval: quoteApproval,
  favourited: z.boolean().optional(),
  reblogged: z.boolean().optional(),
  muted: z.boolean().optional(),
  bookmarked: z.boolean().optional(),
  pinned: z.boolean().optional(),
  filtered: z.array(z.unknown()).optional(),
};

export type Quote = { state: z.infer<typeof quoteState>; quoted_status: Status | null };
export type Status = z.infer<z.ZodObject<typeof statusShape>> & {
  account: Account;
  reblog: Status | null;
  quote: Quote | z.infer<typeof shallowQuote> | null;
};

// entities/Quote.md (4.4, states of 4.5): a quote with the quoted status in full.
export const quote: z.ZodType<Quote> = z.looseObject({
  state: quoteState,
  get quoted_status() {
    return status.nullable();
  },
});

// entities/Status.md; `reblog` and `quote` nest statuses.
export const status: z.ZodType<Status> = z.looseObject({
  ...statusShape,
  get reblog() {
    return status.nullable();
  },
  get quote() {
    return z.union([quote, shallowQuote]).nullable();
  },
});

// entities/Context.md
export const context = z.looseObject({ ancestors: z.array(status), descendants: z.array(status) });
