import { z } from 'zod';

/*
 * NodeInfo 2.0 and 2.1 (nodeinfo.diaspora.software, schemas/2.x/schema.json in jhass/nodeinfo). Unlike
 * Mastodon's entities these schemas forbid extra properties, so these objects are strict.
 */
const protocols = z
  .array(
    z.enum([
      'activitypub',
      'buddycloud',
      'dfrn',
      'diaspora',
      'libertree',
      'ostatus',
      'pumpio',
      'tent',
      'xmpp',
      'zot',
    ]),
  )
  .min(1);
const services = z.strictObject({
  inbound: z.array(z.enum(['atom1.0', 'gnusocial', 'imap', 'pnut', 'pop3', 'pumpio', 'rss2.0', 'twitter'])),
  outbound: z.array(z.string()),
});
const count = z.int().min(0);
const usage = z.strictObject({
  users: z.strictObject({
    total: count.optional(),
    activeHalfyear: count.optional(),
    activeMonth: count.optional(),
  }),
  localPosts: count.optional(),
  localComments: count.optional(),
});
const software = {
  name: z.string().regex(/^[a-z0-9-]+$/),
  version: z.string(),
};
const common = {
  protocols,
  services,
  openRegistrations: z.boolean(),
  usage,
  metadata: z.record(z.string(), z.unknown()),
};

export const nodeInfo20 = z.strictObject({
  version: z.literal('2.0'),
  software: z.strictObject(software),
  ...common,
});
export const nodeInfo21 = z.strictObject({
  version: z.literal('2.1'),
  software: z.strictObject({
    ...software,
    repository: z.string().optional(),
    homepage: z.string().optional(),
  }),
  ...common,
});

// The discovery document at /.well-known/nodeinfo (PROTOCOL.md, "Discovery").
export const nodeInfoLinks = z.looseObject({
  links: z.array(z.looseObject({ rel: z.string(), href: z.url() })).min(1),
});
