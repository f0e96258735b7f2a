import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { invalidToken } from './errors.js';

const algorithm = 'HS256';
const lifetime = '7d';

export type TokenClaims = { _id: string; username: string };

export type TokenKeys = {
  sign(claims: TokenClaims): Promise<string>;
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
  return {
    sign: async (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: algorithm })
        .setIssuedAt()
        .setExpirationTime(lifetime)
        .sign(await keyPromise),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          algorithms: [algorithm],
          requiredClaims: ['exp', 'iat'],
          maxTokenAge: lifetime,
        });
        if (typeof payload._id !== 'string' || typeof payload.username !== 'string') throw invalidToken();
        return { _id: payload._id, username: payload.username };
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

/**
 * REALM_JWT_SECRET when set; otherwise a secret generated on first start and kept beside the database
 * (mode 0600) so tokens survive restarts. A `:memory:` database gets a secret as short-lived as its data.
 */
export function resolveJwtSecret(configured: string | undefined, dbPath: string): string {
  if (configured) return configured;
  if (dbPath === ':memory:') return randomBytes(48).toString('base64url');
  const file = join(dirname(dbPath), 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
