import { v4 as uuid } from 'uuid';
import { parseScopes } from '../../shared/oauth-scopes.js';
import type { OAuthAppRow, OAuthTokenGrant, Store, Tx } from '../store/store.js';
import { now } from './clock.js';
import { checkScopes, defaultScopes } from './oauth.js';
import { hashSecret, newSecret, OAuthError, pkceMatches, secretMatches } from './oauth-secrets.js';

// The token endpoint's rules (RFC 6749 sections 4.1.3 and 4.4, RFC 7636, RFC 7009) and how a token is
// resolved on each request (docs/decisions/0013-oauth-for-apps.md).

/** last_used_at is written at most this often per token, so a busy app does not cost a write a request. */
export const lastUsedEveryMs = 5 * 60 * 1000;

export type ClientCredentials = { clientId: string | undefined; clientSecret: string | undefined };

const badClient = () => new OAuthError('invalid_client', 'The app could not be authenticated.');

/** The app whose id and secret these are (RFC 6749 section 2.3.1), compared in constant time. */
export async function authenticateClient(store: Store, client: ClientCredentials): Promise<OAuthAppRow> {
  if (!client.clientId || !client.clientSecret) throw badClient();
  const app = await store.read.oauth.appByClientId(client.clientId);
  // A missing app still costs a comparison, so timing does not tell a known client id from an unknown one.
  const matches = secretMatches(client.clientSecret, app?.clientSecretHash ?? hashSecret(''));
  if (!app || !matches) throw badClient();
  return app;
}

export type IssuedToken = { accessToken: string; scopes: string[]; createdAt: number };

async function issue(tx: Tx, app: OAuthAppRow, memberId: string | null, version: number, scopes: string[]) {
  const accessToken = newSecret();
  const createdAt = now();
  await tx.oauth.insertToken({
    id: uuid(),
    tokenHash: hashSecret(accessToken),
    appId: app.id,
    memberId,
    memberTokenVersion: version,
    scopes,
    createdAt,
    lastUsedAt: null,
  });
  return { accessToken, scopes, createdAt };
}

export type CodeExchange = {
  code: string | undefined;
  redirectUri: string | undefined;
  codeVerifier?: string;
};

const badGrant = (why: string) => new OAuthError('invalid_grant', why);

/**
 * grant_type=authorization_code: the code is taken (deleted) in the transaction that checks it, so it is
 * used once, by whichever exchange comes first, and a failed check uses it up too (RFC 6749 section 4.1.2).
 */
export async function exchangeCode(store: Store, client: ClientCredentials, input: CodeExchange) {
  const app = await authenticateClient(store, client);
  if (!input.code) throw new OAuthError('invalid_request', 'The code is missing.');
  if (!input.redirectUri) throw new OAuthError('invalid_request', 'The redirect_uri is missing.');
  const code = input.code;
  const outcome = await store.write(async (tx): Promise<IssuedToken | OAuthError> => {
    const taken = await tx.oauth.takeCode(hashSecret(code));
    if (!taken || taken.appId !== app.id)
      return badGrant('The code is unknown, used or was given to another app.');
    if (taken.expiresAt < Date.now()) return badGrant('The code has expired.');
    if (taken.redirectUri !== input.redirectUri)
      return badGrant('The redirect_uri is not the one the code was given for.');
    if (taken.codeChallenge !== null) {
      if (!input.codeVerifier) return badGrant('The PKCE code_verifier is missing.');
      if (!pkceMatches(input.codeVerifier, taken.codeChallenge))
        return badGrant('The PKCE code_verifier does not match.');
    }
    const member = await tx.members.actor(taken.memberId);
    if (!member || member.status !== 'active')
      return badGrant('The member who allowed this app cannot sign in.');
    return issue(tx, app, member.id, member.tokenVersion, taken.scopes);
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

/** grant_type=client_credentials: a token for the app itself, acting for no member (RFC 6749 section 4.4). */
export async function clientCredentialsToken(
  store: Store,
  client: ClientCredentials,
  scope: string | undefined,
) {
  const app = await authenticateClient(store, client);
  const requested = parseScopes(scope);
  const scopes = checkScopes(requested.length > 0 ? requested : defaultScopes(app), app.scopes);
  return store.write((tx) => issue(tx, app, null, 0, scopes));
}

/**
 * RFC 7009: the app that holds the token revokes it. An unknown token, or another app's, is answered as a
 * revoked one (the caller learns nothing), and only the token's own app can end it.
 */
export async function revokeToken(store: Store, client: ClientCredentials, token: string | undefined) {
  const app = await authenticateClient(store, client);
  if (token) await store.write((tx) => tx.oauth.revokeToken(hashSecret(token), app.id));
}

/**
 * The grant behind an access token, or null when it is unknown, revoked, or its member's sessions ended
 * since it was issued (their token version moved on: "sign out everywhere", a new password). A suspended
 * member's token still resolves: the caller answers 403 for it.
 */
export async function resolveAccessToken(store: Store, token: string): Promise<OAuthTokenGrant | null> {
  if (!token || token.length > 200) return null;
  const grant = await store.read.oauth.tokenByHash(hashSecret(token));
  if (!grant) return null;
  if (grant.memberId !== null && grant.currentTokenVersion !== grant.memberTokenVersion) return null;
  const at = Date.now();
  if (grant.lastUsedAt === null || at - grant.lastUsedAt >= lastUsedEveryMs) {
    await store.write((tx) => tx.oauth.markUsed(grant.id, at));
  }
  return grant;
}

/** GET /api/v1/apps/verify_credentials: the app a token belongs to. */
export async function appOfToken(store: Store, appId: string) {
  const app = await store.read.oauth.appById(appId);
  if (!app) throw new OAuthError('invalid_client', 'The app is gone.', 401);
  return app;
}
