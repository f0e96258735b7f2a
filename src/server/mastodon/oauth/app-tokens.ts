import { resolveAccessToken } from '../../domain/oauth-tokens.js';
import type { Store } from '../../store/store.js';

// What every Mastodon endpoint asks of a request's bearer token (docs/decisions/0013-oauth-for-apps.md).

export type AppGrant = { tokenId: string; appId: string; memberId: string | null; scopes: readonly string[] };

/** null when the token is unknown, revoked, or its member's sessions ended since it was issued. */
export async function resolveAppToken(store: Store, token: string): Promise<AppGrant | null> {
  const grant = await resolveAccessToken(store, token);
  return grant && { tokenId: grant.id, appId: grant.appId, memberId: grant.memberId, scopes: grant.scopes };
}
