import type { Store } from '../store/store.js';
import { tryLater } from './errors.js';
import { countHit, inWords } from './window-counter.js';

// Anyone may register a Mastodon app (POST /api/v1/apps), and each one is kept. So registrations are limited
// per client address, counted in the database as sign-in attempts are, so that every worker and node agrees;
// and an app never authorized (no code or token ever issued for it) is removed after a day
// (docs/mastodon-api.md, "Signing in from an app"; docs/security.md, "Limits on every request").

/** Registrations per address: an app signing in registers once per account, so 20 an hour is plenty. */
export const appRegistrationsPerAddress = { max: 20, windowMs: 60 * 60_000 };

/** How long an app may wait for its first authorization before it is removed. */
export const unauthorizedAppLifetimeMs = 24 * 60 * 60_000;

/** Counts a registration from `address`; past the limit refuses it with 429 before anything is stored. */
export async function countAppRegistration(store: Store, address: string, at = Date.now()) {
  const { max, windowMs } = appRegistrationsPerAddress;
  const window = await countHit(store, `app-registrations:${address}`, windowMs, at);
  if (window.hits > max) {
    throw tryLater(
      429,
      `Too many apps registered from this address (at most ${max} an hour). Try again in ${inWords(window.resetsInMs)}.`,
      window.resetsInMs / 1000,
    );
  }
}

/** Removes the apps registered over a day before `at` that were never authorized; how many. */
export async function removeUnauthorizedApps(store: Store, at = Date.now(), batch = 500): Promise<number> {
  let removed = 0;
  for (;;) {
    const deleted = await store.write((tx) =>
      tx.oauth.deleteNeverAuthorized(at - unauthorizedAppLifetimeMs, batch),
    );
    removed += deleted;
    if (deleted < batch) return removed;
  }
}
