import type { FastifyRequest } from 'fastify';
import type { RegistrationMode } from '../../shared/community-schemas.js';
import type { FactorKeys } from '../domain/second-factor.js';
import { noSignInLimits, type SignInLimits } from '../domain/sign-in-limits.js';
import type { TokenKeys } from '../domain/tokens.js';
import type { Store } from '../store/store.js';

export type ContextDeps = {
  store: Store;
  keys: TokenKeys;
  /** The keys of second factors (domain/second-factor.ts), derived from the token secret. */
  factors: FactorKeys;
  signInLimits?: SignInLimits;
  /** REALM_REGISTRATION: registration until an admin sets it ('open' unless given). */
  registrationDefault?: RegistrationMode;
  /** REALM_PUSH_PRIVATE_ENDPOINTS=allow: push subscriptions may point at http and private addresses. */
  allowPrivatePushEndpoints?: boolean;
  /** REALM_MEDIA_PER_POST: how many pictures a post may carry (4 unless given). */
  mediaPerPost?: number;
  /** REALM_PUBLIC_URL: the instance's address, for links that leave it (an archive's pictures). */
  publicOrigin?: string | undefined;
  /** Whether REALM_SMTP_URL is set: Realm sends mail (docs/mail.md). */
  mailEnabled?: boolean;
};

/** What a request brings: its authorization header, and the client's address (none for server-side calls). */
export type Caller = {
  authorization: string | undefined;
  clientAddress?: string;
  /** The origin the request was sent to (its scheme and Host), for passkeys when REALM_PUBLIC_URL is unset. */
  origin?: string;
};

/** The caller of an HTTP request; `request.ip` is the client behind a trusted proxy (REALM_TRUST_PROXY). */
export const callerOf = (request: FastifyRequest): Caller => ({
  authorization: request.headers.authorization,
  clientAddress: request.ip,
  origin: `${request.protocol}://${request.host}`,
});

export type Context = {
  store: Store;
  keys: TokenKeys;
  factors: FactorKeys;
  signInLimits: SignInLimits;
  registrationDefault: RegistrationMode;
  allowPrivatePushEndpoints: boolean;
  mediaPerPost: number;
  publicOrigin: string | undefined;
  mailEnabled: boolean;
  authorization: string | undefined;
  clientAddress: string | undefined;
  requestOrigin: string | undefined;
};

/** One context per request: the database, the token keys, the sign-in limits and who is calling. */
export function createContext(deps: ContextDeps, caller: Caller): Context {
  return {
    store: deps.store,
    keys: deps.keys,
    factors: deps.factors,
    signInLimits: deps.signInLimits ?? noSignInLimits,
    registrationDefault: deps.registrationDefault ?? 'open',
    allowPrivatePushEndpoints: deps.allowPrivatePushEndpoints ?? false,
    mediaPerPost: deps.mediaPerPost ?? 4,
    publicOrigin: deps.publicOrigin,
    mailEnabled: deps.mailEnabled ?? false,
    authorization: caller.authorization,
    clientAddress: caller.clientAddress,
    requestOrigin: caller.origin,
  };
}
