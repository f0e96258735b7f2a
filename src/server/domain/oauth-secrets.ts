import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError, type DomainErrorKind } from './errors.js';

// What OAuth's secrets are made of and how they are compared (docs/decisions/0013-oauth-for-apps.md).

/** 32 random bytes, base64url: client secrets, codes and access tokens alike. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** How a secret is stored and looked up: its SHA-256, hex. A random 256-bit secret needs no slow hash. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` hashes to `storedHash`, in time that does not depend on where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const kept = Buffer.from(storedHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** PKCE S256 (RFC 7636 section 4.6): BASE64URL(SHA256(verifier)) equals the challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const derived = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}

/** RFC 6749 section 5.2's error codes, plus RFC 6749 4.1.2.1's access_denied. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_redirect_uri'
  | 'access_denied';

const kinds: Record<number, DomainErrorKind> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  422: 'BAD_REQUEST',
};

/**
 * The domain's one error, carrying OAuth's error code: the OAuth endpoints answer
 * `{ error: code, error_description: message }`, tRPC its message.
 */
export class OAuthError extends DomainError {
  constructor(
    readonly code: OAuthErrorCode,
    description: string,
    status: 400 | 401 | 422 = code === 'invalid_client' ? 401 : 400,
  ) {
    super(status, description, kinds[status]!);
  }
}
