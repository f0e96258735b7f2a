import { sealKeyFor, type SealKey } from '../../domain/sealed.js';

// An app's push subscription keeps its access token, because Mastodon's push message carries it (an app
// signed in to several accounts tells by it which one a push is for), while Realm keeps tokens only as
// hashes (docs/decisions/0013-oauth-for-apps.md). So the token is sealed: AES-256-GCM under a key derived
// from the instance's token secret, which lives beside the database (`jwt-secret`), not in it. A copy of
// the database alone opens no token.

export { seal, unseal, type SealKey } from '../../domain/sealed.js';

/** The key, derived once per process from the instance's secret, for this use only. */
export function pushSealKey(instanceSecret: string): SealKey {
  return sealKeyFor(instanceSecret, 'realm: access tokens of app push subscriptions');
}
