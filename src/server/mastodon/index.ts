import type { FastifyInstance } from 'fastify';
import type { MastodonDeps } from './deps.js';
import { acceptFormBodies } from './form-bodies.js';
import { mediaRoutes } from './media.js';
import { mastodonRateLimitHeaders } from './rate-limit-headers.js';
import { statusRoutes } from './statuses.js';
import { timelineRoutes } from './timelines.js';

/**
 * The Mastodon client API (docs/mastodon-api.md): one more door onto the same rules as tRPC and the REST
 * contract, so the apps members already use can sign in to Realm. Each file below is one of Mastodon's
 * resources; all of them read and write through src/server/domain, and write Mastodon's entities with the
 * serializers in entities/ (docs/decisions/0012-mastodon-client-api.md).
 */
export async function mastodonApi(app: FastifyInstance, deps: MastodonDeps) {
  mastodonRateLimitHeaders(app);
  await mediaRoutes(app, deps);
  // Statuses and timelines, in a scope of their own whose bodies may be forms as apps send them.
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    statusRoutes(scope, deps);
    timelineRoutes(scope, deps);
  });
}
