import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

// An app's push subscription keeps its access token, because Mastodon's push message carries it (an app
// signed in to several accounts tells by it which one a push is for), while Realm keeps tokens only as
// hashes (docs/decisions/0013-oauth-for-apps.md). So the token is sealed: AES-256-GCM under a key derived
// from the instance's token secret, which lives beside the database (`jwt-secret`), not in it. A copy of
// the database alone opens no token.

export type SealKey = Buffer;

/** The key, derived once per process from the instance's secret, for this use only. */
export function pushSealKey(instanceSecret: string): SealKey {
  return createHmac('sha256', instanceSecret)
    .update('realm: access tokens of app push subscriptions')
    .digest();
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
