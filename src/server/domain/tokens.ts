import { SignJWT, jwtVerify } from 'jose';
import { invalidToken } from './errors.js';

const algorithm = 'HS256';
const lifetime = '7d';
const lifetimeSeconds = 7 * 24 * 60 * 60;
/** How many verified tokens a process remembers (a few MB); past it the oldest is forgotten. */
const rememberedTokens = 10_000;

/**
 * `v` is the member's token version when it was signed: a password change or "sign out everywhere" moves
 * the version on, and every token signed before stops working. Tokens from before token versions carry none:
 * version 0, so the upgrade signed nobody out (docs/decisions/0004-community-moderation.md).
 */
export type TokenClaims = { _id: string; username: string; v: number };

export type TokenKeys = {
  /** Signs for version `v`, 0 when not given (a member whose sessions never ended). */
  sign(claims: Omit<TokenClaims, 'v'> & { v?: number }): Promise<string>;
  verify(token: string): Promise<TokenClaims>;
};

export function createTokenKeys(secret: string): TokenKeys {
  // Imported once: given raw bytes, jose imports the key again on every call (a tenth of a feed request).
  const keyPromise = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A member sends the same token with every request. WebCrypto checks its HMAC on the thread pool, a round
  // trip that cost about 8% of a small request, so a token that verified is remembered until it expires.
  // Only verified tokens are kept: a forged or altered one is a different string and is checked in full.
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAt: number) => {
    if (verified.size >= rememberedTokens) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt });
  };
  return {
    sign: async (claims) =>
      new SignJWT({ ...claims, v: claims.v ?? 0 })
        .setProtectedHeader({ alg: algorithm })
        .setIssuedAt()
        .setExpirationTime(lifetime)
        .sign(await keyPromise),
    async verify(token) {
      const known = verified.get(token);
      if (known && Date.now() < known.expiresAt) return known.claims;
      verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          algorithms: [algorithm],
          requiredClaims: ['exp', 'iat'],
          maxTokenAge: lifetime,
        });
        if (typeof payload._id !== 'string' || typeof payload.username !== 'string') throw invalidToken();
        const version = payload.v ?? 0;
        if (typeof version !== 'number' || !Number.isSafeInteger(version)) throw invalidToken();
        const claims = { _id: payload._id, username: payload.username, v: version };
        // jose refuses it from `exp`, or from `iat` plus the lifetime, whichever comes first.
        remember(token, claims, Math.min(payload.exp!, payload.iat! + lifetimeSeconds) * 1000);
        return claims;
      } catch {
        throw invalidToken();
      }
    },
  };
}

/** The spec's client sends the token raw; API users often send `Bearer <token>`. Both are accepted. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  return value.replace(/^Bearer\s+/i, '') || undefined;
}
