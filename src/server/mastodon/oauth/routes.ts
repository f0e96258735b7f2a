import type { FastifyInstance } from 'fastify';
import { removeUnauthorizedApps } from '../../domain/app-registrations.js';
import type { Store } from '../../store/store.js';
import { acceptFormBodies } from '../form-bodies.js';
import { oauthErrorHandling } from './answers.js';
import { appsRoutes } from './apps-routes.js';
import { metadataRoute } from './metadata.js';
import { tokenRoutes } from './token-routes.js';

export type OAuthRoutesOptions = {
  store: Store;
  /** REALM_PUBLIC_URL's origin; the request's own when unset (the metadata document's addresses). */
  publicOrigin: string | undefined;
  /** Registrations per address are limited (off with REALM_RATE_LIMIT=off). */
  limitRegistrations: boolean;
  /** How often apps never authorized are looked for (an hour; 0 in tests, which run it): never when 0. */
  cleanupEveryMs?: number | undefined;
};

/** Bodies of an app registration: a name, a few addresses and scopes. */
const multipartLimit = 64 * 1024;

/**
 * Signing in from an app: registration, the token endpoint, revocation and the server's metadata
 * (docs/decisions/0013-oauth-for-apps.md). GET /oauth/authorize is the web app's consent page. Register it
 * as its own scope (`app.register(oauthRoutes, ...)`): its form parsers and error shapes stay inside.
 */
export async function oauthRoutes(scope: FastifyInstance, options: OAuthRoutesOptions) {
  const { store, publicOrigin, limitRegistrations } = options;
  acceptFormBodies(scope, { multipartLimit });
  oauthErrorHandling(scope);
  cleanUpUnauthorizedApps(scope, store, options.cleanupEveryMs ?? 60 * 60 * 1000);
  appsRoutes(scope, { store, limitRegistrations });
  tokenRoutes(scope, { store });
  metadataRoute(scope, { publicOrigin });
}

/** Every `every` ms, apps registered over a day ago and never authorized are removed (each process looks). */
function cleanUpUnauthorizedApps(scope: FastifyInstance, store: Store, every: number) {
  if (every <= 0) return;
  const timer = setInterval(() => {
    removeUnauthorizedApps(store).catch((error: unknown) =>
      scope.log.error({ err: error }, 'removing apps never authorized failed'),
    );
  }, every).unref();
  scope.addHook('onClose', async () => clearInterval(timer));
}
