import type { z } from 'zod';
import examples from './fixtures/documentation-examples.json' with { type: 'json' };
import truncated from './fixtures/documentation-truncated.json' with { type: 'json' };
import * as entity from './entities/index.js';

/*
 * Each entity schema against the example JSON of its documentation page. Where the page's example leaves out
 * an attribute that its own attribute list documents as always present (or gives it an older type), `gaps`
 * names the path and a value of the documented type: the test checks the schema refuses the example at
 * exactly those paths, and accepts it once they are filled. `[*]` stands for every index of an array.
 */
export type Case = {
  name: string;
  schema: z.ZodType;
  example: unknown;
  gaps?: Record<string, unknown>;
};

const accountGaps = {
  uri: 'https://mastodon.social/users/Gargron',
  indexable: true,
  hide_collections: null,
  roles: [],
};
const emojiGaps = { 'emojis[*].category': null };
// The Status page's account predates 3.1, when last_status_at became a date.
const statusAccountGaps = prefixed('account', { ...accountGaps, last_status_at: '2019-12-10' });
const statusGaps = { ...statusAccountGaps, 'card.authors': [], 'card.blurhash': null, edited_at: null };
const ruleGaps = { 'rules[*].hint': '', 'rules[*].translations': {} };

export const cases: Case[] = [
  {
    name: 'Account',
    schema: entity.account,
    example: examples.Account,
    gaps: {
      uri: 'https://awoo.space/users/noiob',
      ...emojiGaps,
      group: false,
      discoverable: true,
      hide_collections: null,
    },
  },
  { name: 'Field', schema: entity.field, example: examples.Account.fields[3] },
  { name: 'CustomEmoji', schema: entity.customEmoji, example: examples.CustomEmoji },
  { name: 'Role', schema: entity.role, example: examples.Role },
  {
    name: 'PartialAccountWithAvatar',
    schema: entity.partialAccountWithAvatar,
    example: examples.PartialAccountWithAvatar,
  },
  { name: 'Status', schema: entity.status, example: examples.Status, gaps: statusGaps },
  { name: 'MediaAttachment', schema: entity.mediaAttachment, example: examples.MediaAttachment },
  { name: 'Tag', schema: entity.tag, example: examples.Tag },
  { name: 'PreviewCard', schema: entity.previewCard, example: examples.PreviewCard },
  { name: 'Poll', schema: entity.poll, example: examples.Poll },
  {
    name: 'Quote',
    schema: entity.quote,
    example: examples.Quote,
    gaps: prefixed('quoted_status', {
      ...statusAccountGaps,
      edited_at: null,
      quotes_count: 0,
      quote_approval: examples.QuoteApproval,
      quote: null,
    }),
  },
  { name: 'ShallowQuote', schema: entity.shallowQuote, example: examples.ShallowQuote },
  { name: 'QuoteApproval', schema: entity.quoteApproval, example: examples.QuoteApproval },
  { name: 'Application', schema: entity.application, example: examples.Application },
  {
    name: 'CredentialApplication',
    schema: entity.credentialApplication,
    example: examples.CredentialApplication,
  },
  { name: 'Token', schema: entity.token, example: examples.Token },
  { name: 'Error', schema: entity.error, example: examples.Error },
  {
    name: 'Relationship',
    schema: entity.relationship,
    example: examples.Relationship,
    gaps: { languages: null },
  },
  { name: 'Marker', schema: entity.marker, example: examples.Marker },
  { name: 'Preferences', schema: entity.preferences, example: examples.Preferences },
  // The example's id is a number; the attribute is documented as a string.
  {
    name: 'WebPushSubscription',
    schema: entity.webPushSubscription,
    example: examples.WebPushSubscription,
    gaps: { id: '328183' },
  },
  {
    name: 'Report',
    schema: entity.report,
    example: examples.Report,
    gaps: prefixed('target_account', accountGaps),
  },
  { name: 'Rule', schema: entity.rule, example: examples.Rule },
  { name: 'Instance (v2)', schema: entity.instance, example: examples.Instance },
  {
    name: 'Instance (v1)',
    schema: entity.instanceV1,
    example: examples.V1_Instance,
    gaps: { ...prefixed('contact_account', accountGaps), ...ruleGaps },
  },
];

/** The full examples with their gaps filled: what the composed cases below build on. */
export function completed(c: Case): unknown {
  let value = structuredClone(c.example);
  for (const [path, fill] of Object.entries(c.gaps ?? {})) value = setPath(value, path, fill);
  return value;
}

const byName = (name: string) => completed(cases.find((c) => c.name === name)!) as Record<string, unknown>;

/**
 * The pages whose examples are printed truncated (`// ...`): their own values over the full Account and
 * Status examples. group_key (4.3) is missing from the Notification page's example.
 */
export function composedCases(): Case[] {
  const account = byName('Account');
  const status = byName('Status');
  const fullAccount = (a: object) => ({ ...account, ...a });
  const fullStatus = (s: object & { account?: object }) => ({
    ...status,
    ...s,
    account: fullAccount(s.account ?? {}),
  });
  const t = truncated;
  return [
    {
      name: 'CredentialAccount',
      schema: entity.credentialAccount,
      example: { ...account, ...t.CredentialAccount },
      gaps: { 'source.quote_policy': 'public' },
    },
    {
      name: 'Notification',
      schema: entity.notification,
      example: {
        ...t.Notification,
        account: fullAccount(t.Notification.account),
        status: fullStatus(t.Notification.status),
      },
      gaps: { group_key: 'ungrouped-34975861' },
    },
    {
      name: 'Context',
      schema: entity.context,
      example: {
        ancestors: t.Context.ancestors.map(fullStatus),
        descendants: t.Context.descendants.map(fullStatus),
      },
    },
    {
      name: 'Search (v2)',
      schema: entity.search,
      example: {
        accounts: t.Search.accounts.map(fullAccount),
        statuses: t.Search.statuses.map(fullStatus),
        hashtags: t.Search.hashtags.map((h, i) => ({ id: String(i + 1), ...h })),
      },
    },
    {
      name: 'GroupedNotificationsResults',
      schema: entity.groupedNotificationsResults,
      example: {
        accounts: t.GroupedNotificationsResults.accounts.map(fullAccount),
        statuses: t.GroupedNotificationsResults.statuses.map(fullStatus),
        notification_groups: t.GroupedNotificationsResults.notification_groups,
      },
      // The example prints most_recent_notification_id as a number; the attribute is documented as a String.
      gaps: {
        'notification_groups[0].most_recent_notification_id': '196014',
        'notification_groups[1].most_recent_notification_id': '196012',
      },
    },
  ];
}

function prefixed(prefix: string, gaps: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(gaps).map(([path, value]) => [`${prefix}.${path}`, value]));
}

/** Sets `path` (`a.b[0].c`, `a[*].b`) in a copy-free way on `value`, which the caller owns. */
function setPath(value: unknown, path: string, fill: unknown): unknown {
  const [head, ...rest] = path.split(/\.|(?=\[)/);
  const node = value as Record<string, unknown> & unknown[];
  if (head === '[*]') {
    node.forEach((item, i) => (node[i] = rest.length ? setPath(item, rest.join('.'), fill) : fill));
    return node;
  }
  const key = head!.startsWith('[') ? Number(head!.slice(1, -1)) : head!;
  (node as Record<string | number, unknown>)[key] = rest.length
    ? setPath((node as Record<string | number, unknown>)[key], rest.join('.'), fill)
    : fill;
  return node;
}
