import type { FastifyInstance } from 'fastify';
import { accountListRoutes } from './account-lists.js';
import { accountRelationRoutes } from './account-relations.js';
import { accountById } from './account-views.js';
import { accountRoutes } from './accounts.js';
import type { MastodonDeps } from './deps.js';
import { emptyRoutes } from './empty.js';
import { acceptFormBodies } from './form-bodies.js';
import { usageReader } from './instance-usage.js';
import { instanceRoutes } from './instance.js';
import { markerRoutes } from './markers.js';
import { mediaRoutes } from './media.js';
import { nodeInfoRoutes } from './nodeinfo.js';
import { notificationPolicyRoutes } from './notification-policy.js';
import { notificationRoutes } from './notifications.js';
import { oauthRoutes } from './oauth/routes.js';
import { preferenceRoutes } from './preferences.js';
import { pushRoutes } from './push/routes.js';
import { mastodonRateLimitHeaders } from './rate-limit-headers.js';
import { reportRoutes } from './reports.js';
import { refuseMalformedHosts } from './request-origin.js';
import { searchRoutes } from './search.js';
import { statusRoutes } from './statuses.js';
import { streamingRoutes } from './streaming/index.js';
import { timelineRoutes } from './timelines.js';
import { webFingerRoutes } from './webfinger.js';
import { refuseNul } from './without-nul.js';

/**
 * The Mastodon client API (docs/mastodon-api.md): one more door onto the same rules as tRPC and the REST
 * contract, so the apps members already use can sign in to Realm. Each file below is one of Mastodon's
 * resources; all of them read and write through src/server/domain, and write Mastodon's entities with the
 * serializers in entities/ (docs/decisions/0012-mastodon-client-api.md).
 */
export async function mastodonApi(app: FastifyInstance, deps: MastodonDeps) {
  // Without REALM_PUBLIC_URL the request's host writes every absolute URL: one that makes none is 400.
  if (deps.publicOrigin === undefined) refuseMalformedHosts(app);
  refuseNul(app);
  mastodonRateLimitHeaders(app);
  // Signing in from an app (docs/decisions/0013-oauth-for-apps.md), with its own OAuth error shapes.
  await app.register(oauthRoutes, {
    store: deps.store,
    publicOrigin: deps.publicOrigin,
    limitRegistrations: deps.limitAppRegistrations,
    cleanupEveryMs: deps.appCleanupEveryMs,
  });
  await mediaRoutes(app, deps);
  await app.register(async (scope) => streamingRoutes(scope, deps));
  const usage = usageReader(deps.store);
  await app.register(nodeInfoRoutes, { ...deps, usage });
  await app.register(webFingerRoutes, deps);
  await app.register(instanceRoutes, {
    ...deps,
    usage,
    // The first admin, longest-serving first; null on an instance without one.
    async contactAccount(request) {
      const [admin] = await deps.store.read.instance.staff('admin', 1);
      return admin ? accountById(deps, request, admin.id) : null;
    },
  });
  await app.register(emptyRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(accountRelationRoutes, deps);
  await app.register(accountListRoutes, deps);
  await app.register(searchRoutes, deps);
  // Notifications, markers, preferences, reports and push subscriptions, in a scope whose bodies may be forms.
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    await notificationRoutes(scope, deps);
    await notificationPolicyRoutes(scope, deps);
    await markerRoutes(scope, deps);
    await preferenceRoutes(scope, deps);
    await reportRoutes(scope, deps);
    await pushRoutes(scope, deps);
  });
  // Statuses and timelines, in a scope of their own whose bodies may be forms as apps send them.
  await app.register(async (scope) => {
    acceptFormBodies(scope);
    statusRoutes(scope, deps);
    timelineRoutes(scope, deps);
  });
}
