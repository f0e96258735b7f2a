import { z } from 'zod';
import { date, datetime, html, id, int, url } from './common.js';

// entities/CustomEmoji.md
export const customEmoji = z.looseObject({
  shortcode: z.string(),
  url,
  static_url: url,
  visible_in_picker: z.boolean(),
  category: z.string().nullable(),
});

// entities/Account.md#Field
export const field = z.looseObject({
  name: z.string(),
  value: html,
  verified_at: datetime.nullable(),
});

// entities/Account.md#AccountRole
export const accountRole = z.looseObject({ id, name: z.string(), color: z.string() });

const accountShape = {
  id,
  username: z.string(),
  acct: z.string(),
  url: url.nullable(),
  uri: url,
  display_name: z.string(),
  note: html,
  avatar: url,
  avatar_static: url,
  avatar_description: z.string().optional(), // 4.6
  header: url,
  header_static: url,
  header_description: z.string().optional(), // 4.6
  locked: z.boolean(),
  fields: z.array(field),
  emojis: z.array(customEmoji),
  bot: z.boolean(),
  group: z.boolean(),
  discoverable: z.boolean().nullable(),
  indexable: z.boolean(),
  noindex: z.boolean().nullable().optional(),
  memorial: z.boolean().optional(),
  suspended: z.boolean().optional(),
  limited: z.boolean().optional(),
  created_at: datetime,
  last_status_at: date.nullable(),
  statuses_count: int,
  followers_count: int,
  following_count: int,
  hide_collections: z.boolean().nullable(),
  show_media: z.boolean().optional(), // 4.6
  show_media_replies: z.boolean().optional(), // 4.6
  show_featured: z.boolean().optional(), // 4.6
  roles: z.array(accountRole).nullable(),
};

export type Account = z.infer<z.ZodObject<typeof accountShape>> & { moved?: Account | null };

// entities/Account.md; `moved` is an Account itself.
export const account: z.ZodType<Account> = z.looseObject({
  ...accountShape,
  get moved() {
    return account.nullable().optional();
  },
});

// entities/Role.md: what verify_credentials adds as `role`.
export const role = z.looseObject({
  id,
  name: z.string(),
  color: z.string(),
  permissions: z.string(),
  highlighted: z.boolean(),
});

// entities/Account.md#CredentialAccount: the signed-in member's own account, with `source` and `role`.
export const credentialAccount = z.looseObject({
  ...accountShape,
  source: z.looseObject({
    note: z.string(),
    fields: z.array(field),
    privacy: z.enum(['public', 'unlisted', 'private', 'direct']),
    sensitive: z.boolean(),
    language: z.string(),
    follow_requests_count: int,
    hide_collections: z.boolean().nullable(),
    discoverable: z.boolean().nullable(),
    indexable: z.boolean(),
    attribution_domains: z.array(z.string()),
    quote_policy: z.enum(['public', 'followers', 'nobody']),
  }),
  role,
});

// entities/Account.md#PartialAccountWithAvatar (grouped notifications with expand_accounts=partial_avatars)
export const partialAccountWithAvatar = z.looseObject({
  id,
  acct: z.string(),
  url,
  avatar: url,
  avatar_static: url,
  locked: z.boolean(),
  bot: z.boolean(),
});
