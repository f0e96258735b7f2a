import { v4 as uuid } from 'uuid';
import { oobRedirect, type AuthorizeRequest } from '../../shared/oauth-schemas.js';
import type { OAuthAppRow, Store } from '../store/store.js';
import { grants, isScope, parseScopes, type Scope } from '../../shared/oauth-scopes.js';
import { countAppRegistration } from './app-registrations.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { hashSecret, newSecret, OAuthError } from './oauth-secrets.js';

// Registering apps and the consent screen's rules (docs/decisions/0013-oauth-for-apps.md). The token
// endpoint's rules are in oauth-tokens.ts.

/** How long an authorization code may wait for its exchange (RFC 6749 section 4.1.2 says at most 10 minutes). */
export const codeLifetimeMs = 10 * 60 * 1000;

/** An app's size: 2,000 characters of redirect URIs in all, as Mastodon bounds them, so an app is a few KB. */
export const appLimits = {
  name: 60,
  website: 2000,
  redirectUri: 2000,
  redirectUris: 10,
  redirectUrisTotal: 2000,
} as const;

// A redirect a browser would run as a script or a document of its own, never a way back to an app.
const refusedSchemes = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);

export function checkRedirectUri(uri: string): string {
  if (uri === oobRedirect) return uri;
  if (uri.length > appLimits.redirectUri || !URL.canParse(uri)) {
    throw new OAuthError(
      'invalid_redirect_uri',
      `The redirect URI ${JSON.stringify(uri)} is not an absolute URI.`,
      422,
    );
  }
  const url = new URL(uri);
  if (refusedSchemes.has(url.protocol) || url.hash !== '') {
    throw new OAuthError(
      'invalid_redirect_uri',
      `The redirect URI ${JSON.stringify(uri)} cannot be used.`,
      422,
    );
  }
  return uri;
}

/** Every scope known and none beyond `allowed` (when given); admin:* and unknown ones are invalid_scope. */
export function checkScopes(requested: string[], allowed?: readonly string[]): Scope[] {
  for (const scope of requested) {
    if (!isScope(scope))
      throw new OAuthError('invalid_scope', `The scope ${JSON.stringify(scope)} is not offered here.`);
    if (allowed && !grants(allowed, scope)) {
      throw new OAuthError('invalid_scope', `The app did not register the scope ${JSON.stringify(scope)}.`);
    }
  }
  return requested as Scope[];
}

/** Mastodon's default when an app asks for no scope: `read`, or what the app registered if not that. */
export const defaultScopes = (app: Pick<OAuthAppRow, 'scopes'>): string[] =>
  grants(app.scopes, 'read') ? ['read'] : [...app.scopes];

export type NewApp = { name: string; website?: string | null; redirectUris: string[]; scopes?: string };

/**
 * POST /api/v1/apps: anyone may register an app; the secret is answered once and kept only hashed. With
 * `address`, the registration counts toward that address's limit (app-registrations.ts) once it is valid.
 */
export async function registerApp(store: Store, input: NewApp, address?: string) {
  const name = input.name.trim();
  if (!name || name.length > appLimits.name) {
    throw new OAuthError('invalid_request', `The app's name must be 1 to ${appLimits.name} characters.`, 422);
  }
  const website = input.website?.trim() || null;
  if (
    website !== null &&
    (website.length > appLimits.website || !/^https?:\/\//i.test(website) || !URL.canParse(website))
  ) {
    throw new OAuthError('invalid_request', "The app's website must be an http(s) address.", 422);
  }
  const redirectUris = [...new Set(input.redirectUris.map((uri) => uri.trim()).filter(Boolean))];
  if (redirectUris.length === 0 || redirectUris.length > appLimits.redirectUris) {
    throw new OAuthError('invalid_redirect_uri', `Give 1 to ${appLimits.redirectUris} redirect URIs.`, 422);
  }
  redirectUris.forEach(checkRedirectUri);
  if (redirectUris.join('\n').length > appLimits.redirectUrisTotal) {
    throw new OAuthError(
      'invalid_redirect_uri',
      `The redirect URIs must be at most ${appLimits.redirectUrisTotal} characters in all.`,
      422,
    );
  }
  const requested = parseScopes(input.scopes);
  const scopes = checkScopes(requested.length > 0 ? requested : ['read']);
  if (address !== undefined) await countAppRegistration(store, address);
  const clientSecret = newSecret();
  const app: OAuthAppRow = {
    id: uuid(),
    name,
    website,
    redirectUris,
    scopes,
    clientId: newSecret(),
    clientSecretHash: hashSecret(clientSecret),
    createdAt: now(),
  };
  await store.write((tx) => tx.oauth.insertApp(app));
  return { app, clientSecret };
}

/** What the consent screen shows and what Allow will grant; refuses what no member should be asked. */
export async function describeAuthorization(store: Store, request: AuthorizeRequest) {
  const app = await store.read.oauth.appByClientId(request.client_id);
  // 400, not 401: the consent page's caller is the member, whose session is fine (a 401 would sign them out).
  if (!app) throw new OAuthError('invalid_client', 'This app is not registered on this instance.', 400);
  if (!app.redirectUris.includes(request.redirect_uri)) {
    throw new OAuthError(
      'invalid_redirect_uri',
      'This app did not register the address it asks to go back to.',
    );
  }
  if ((request.response_type ?? 'code') !== 'code') {
    throw new OAuthError('unsupported_response_type', 'Only response_type=code is supported.');
  }
  const method = request.code_challenge_method;
  if (request.code_challenge !== undefined || method !== undefined) {
    if ((method ?? 'S256') !== 'S256') {
      throw new OAuthError('invalid_request', 'Only the PKCE method S256 is supported.');
    }
    if (!request.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(request.code_challenge)) {
      throw new OAuthError('invalid_request', 'The PKCE code_challenge is not an S256 challenge.');
    }
  }
  const requested = parseScopes(request.scope);
  const scopes = checkScopes(requested.length > 0 ? requested : defaultScopes(app), app.scopes);
  const oob = request.redirect_uri === oobRedirect;
  return {
    app: { name: app.name, website: app.website },
    scopes,
    oob,
    appId: app.id,
    redirectUri: request.redirect_uri,
    codeChallenge: request.code_challenge ?? null,
    /** Where Deny sends the browser (RFC 6749 section 4.1.2.1); null for the out-of-band redirect. */
    denyUrl: oob ? null : withQuery(request.redirect_uri, { error: 'access_denied', state: request.state }),
  };
}

/**
 * Allow: a code bound to the app, the redirect, the scopes and the PKCE challenge, valid ten minutes. The
 * browser goes to `redirectUrl`; with the out-of-band redirect the page shows `code` instead.
 */
export async function approveAuthorization(store: Store, actor: Actor, request: AuthorizeRequest) {
  const described = await describeAuthorization(store, request);
  const code = newSecret();
  const at = now();
  await store.write((tx) =>
    tx.oauth.insertCode(
      {
        codeHash: hashSecret(code),
        appId: described.appId,
        memberId: actor.id,
        scopes: described.scopes,
        redirectUri: described.redirectUri,
        codeChallenge: described.codeChallenge,
        expiresAt: at + codeLifetimeMs,
      },
      at,
    ),
  );
  if (described.oob) return { code, redirectUrl: null };
  return { code: null, redirectUrl: withQuery(described.redirectUri, { code, state: request.state }) };
}

/** The URI with these parameters added to its query (RFC 6749 section 4.1.2 keeps the URI's own query). */
function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}

/** Settings, "Apps": the apps the member authorised, one row each. */
export const authorisedApps = (store: Store, actor: Actor) => store.read.oauth.authorisedApps(actor.id);

/** Settings, "Apps", Revoke: every token of the member's for that app ends now. */
export async function revokeAuthorisedApp(store: Store, actor: Actor, appId: string) {
  const revoked = await store.write((tx) => tx.oauth.revokeAppForMember(actor.id, appId));
  return { revoked };
}
