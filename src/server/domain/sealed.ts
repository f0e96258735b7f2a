import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

// Texts Realm keeps or hands out but must not be read or altered by whoever holds them or a copy of the
// database: AES-256-GCM under a key derived from the instance's token secret, one key per use
// (docs/security.md, "Second factors"; docs/decisions/0013-oauth-for-apps.md for push subscriptions).

export type SealKey = Buffer;

/** A key for one use (`purpose`), derived from the instance's secret: HMAC-SHA-256 of the secret and it. */
export function sealKeyFor(instanceSecret: string, purpose: string): SealKey {
  return createHmac('sha256', instanceSecret).update(purpose).digest();
}

/** `iv.tag.ciphertext`, base64url each. */
export function seal(key: SealKey, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The text, or null when it was sealed under another key (the instance's secret changed) or altered. */
export function unseal(key: SealKey, sealed: string): string | null {
  const [iv, tag, text] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !text) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
