import type { FastifyRequest } from 'fastify';
import type { RegistrationMode } from '../../shared/community-schemas.js';
import type { Config } from '../config.js';
import { DomainError } from '../domain/errors.js';
import type { TokenKeys } from '../domain/tokens.js';
import type { MediaStorage } from '../media/storage.js';
import type { Store } from '../store/store.js';
import type { SealKey } from './push/seal.js';
import { malformedHost, requestOrigin } from './request-origin.js';

/** What every handler of the Mastodon client API needs: passed in, never imported (no singletons). */
export type MastodonDeps = {
  store: Store;
  keys: TokenKeys;
  /** REALM_PUBLIC_URL; unset, the request's own origin (originOf). */
  publicOrigin: string | undefined;
  /** REALM_REGISTRATION: registration until an admin sets it. */
  registrationDefault: RegistrationMode;
  media: Config['media'];
  mediaStorage: MediaStorage;
  /** Names stored picture files (media-routes/pictures.ts, `fileNameKey`). */
  mediaNameKey: Buffer;
  /** Seals the access token an app's push subscription keeps (push/seal.ts). */
  pushSealKey: SealKey;
  /** REALM_PUSH_ALLOW_PRIVATE: push services on private addresses (tests, closed networks). */
  allowPrivatePushEndpoints: boolean;
  /** App registrations per address are limited: REALM_RATE_LIMIT (domain/app-registrations.ts). */
  limitAppRegistrations: boolean;
  /** How often apps never authorized are removed (oauth/routes.ts): an hour; 0 (never) in tests. */
  appCleanupEveryMs?: number | undefined;
  /** Streaming's pings and token checks (streaming/index.ts): the live updates' heartbeat, 25 s. */
  streamingHeartbeatMs?: number | undefined;
};

/**
 * The origin Mastodon's absolute URLs are written with (an account's `url`, a picture's, the `Link` header).
 * Apps need absolute URLs, so where the instance's address is not configured the request's own origin is
 * used: a forged Host header only changes the links in the answer to that same request, which no shared
 * cache keeps (answers to a token are private). A host that makes no origin was refused before the route
 * ran (request-origin.ts); the error here only keeps a route outside that scope from writing a broken URL.
 */
export function originOf(deps: Pick<MastodonDeps, 'publicOrigin'>, request: FastifyRequest): string {
  const origin = deps.publicOrigin ?? requestOrigin(request);
  if (origin === null) throw new DomainError(400, malformedHost, 'BAD_REQUEST');
  return origin;
}
