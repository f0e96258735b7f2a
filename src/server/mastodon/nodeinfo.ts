import type { FastifyInstance } from 'fastify';
import { instanceSettings } from '../domain/instance-settings.js';
import { version } from '../version.js';
import { mastodonVersion } from './instance-document.js';
import { originOf, type MastodonDeps } from './deps.js';
import type { UsageReader } from './instance-usage.js';

// NodeInfo (nodeinfo.diaspora.software, schemas 2.0 and 2.1): what software runs here and how big it is,
// read by crawlers and by apps that adapt to the server they meet. docs/mastodon-api.md, "Discovery".

const schemas = ['2.0', '2.1'] as const;
const profile = (schema: string) => `http://nodeinfo.diaspora.software/ns/schema/${schema}#`;

export async function nodeInfoRoutes(app: FastifyInstance, deps: MastodonDeps & { usage: UsageReader }) {
  app.get('/.well-known/nodeinfo', async (request) => {
    const origin = originOf(deps, request);
    return {
      links: schemas.map((schema) => ({
        rel: `http://nodeinfo.diaspora.software/ns/schema/${schema}`,
        href: `${origin}/nodeinfo/${schema}`,
      })),
    };
  });

  for (const schema of schemas) {
    app.get(`/nodeinfo/${schema}`, async (_request, reply) => {
      const [settings, usage] = await Promise.all([
        instanceSettings(deps.store, deps.registrationDefault),
        deps.usage(),
      ]);
      reply.type(`application/json; profile="${profile(schema)}"`);
      return {
        version: schema,
        // 2.1's optional `repository` and `homepage` are left out: Realm names no public address of its own.
        software: { name: 'realm', version },
        // Realm does not federate yet (PRODUCT.md: ActivityPub is next), so it names no protocol.
        protocols: [],
        services: { inbound: [], outbound: [] },
        openRegistrations: settings.registration === 'open',
        usage: {
          users: {
            total: usage.members,
            // Realm keeps no sign-in times, so "active" is "posted in the last 30 / 180 days".
            activeMonth: usage.postedSince[0],
            activeHalfyear: usage.postedSince[1],
          },
          localPosts: usage.posts,
        },
        metadata: {
          nodeName: settings.name,
          nodeDescription: settings.description,
          // Which Mastodon API Realm speaks, as Misskey's forks and Hometown name theirs: apps that pick a
          // client by software name (megalodon's detector()) read `upstream` for a name they do not know.
          upstream: { name: 'mastodon', version: mastodonVersion },
        },
      };
    });
  }
}
