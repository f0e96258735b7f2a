import type { FastifyInstance } from 'fastify';
import type { MastodonDeps } from './deps.js';
import { mastodonRateLimitHeaders } from './rate-limit-headers.js';

/**
 * The Mastodon client API (docs/mastodon-api.md): one more door onto the same rules as tRPC and the REST
 * contract, so the apps members already use can sign in to Realm. Each file below is one of Mastodon's
 * resources; all of them read and write through src/server/domain, and write Mastodon's entities with the
 * serializers in entities/ (docs/decisions/0012-mastodon-client-api.md).
 */
export async function mastodonApi(app: FastifyInstance, deps: MastodonDeps) {
  mastodonRateLimitHeaders(app);
  void deps;
}
