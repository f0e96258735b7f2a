import type { FastifyInstance } from 'fastify';
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
};

/** Bodies of an app registration: a name, a few addresses and scopes. */
const multipartLimit = 64 * 1024;

/**
 * Signing in from an app: registration, the token endpoint, revocation and the server's metadata
 * (docs/decisions/0013-oauth-for-apps.md). GET /oauth/authorize is the web app's consent page. Register it
 * as its own scope (`app.register(oauthRoutes, ...)`): its form parsers and error shapes stay inside.
 */
export async function oauthRoutes(scope: FastifyInstance, { store, publicOrigin }: OAuthRoutesOptions) {
  acceptFormBodies(scope, { multipartLimit });
  oauthErrorHandling(scope);
  appsRoutes(scope, { store });
  tokenRoutes(scope, { store });
  metadataRoute(scope, { publicOrigin });
}
