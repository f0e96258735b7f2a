import type { Store } from '../store/store.js';
import { tryLater } from './errors.js';
import { verifyPassword } from './passwords.js';
import { countHit, forgetHits, hitsOf, inWords, type Window } from './window-counter.js';

// docs/security.md, "Limits on every request": login and signup are limited per client address, and login
// also per account, so that neither many guesses from one address nor guesses at one account from many
// addresses get far. Each refused attempt is refused before any password is hashed. The account's count is
// that of every check of its password, not only of logins: a stolen token must not turn the current-password
// check of a password change or an account deletion into a way to guess the password unthrottled.

/** Login and signup attempts per address: 25 per 5 minutes (docs/security.md), through either API. */
export const attemptsPerAddress = { max: 25, windowMs: 5 * 60_000 };
/** Failed logins per account: after 10 in 15 minutes, that account's logins wait for the window to end. */
export const failuresPerAccount = { max: 10, windowMs: 15 * 60_000 };

export type SignInLimits = {
  /** Counts a login or signup attempt from `address`; refuses it with 429 past the limit. */
  countAttempt(address: string | undefined): Promise<void>;
  /** Refuses with 429 a login to an account that has failed too often lately. */
  refuseIfThrottled(accountId: string): Promise<void>;
  recordFailure(accountId: string): Promise<void>;
};

/**
 * Whether `password` matches the account's `hash`: the one check of a member's password (login, password
 * change, account deletion), all counting toward one throttle per account. An account throttled lately is
 * refused with 429 before any hashing, even for the right password; a wrong password counts a failure.
 */
export async function checkAccountPassword(
  limits: SignInLimits,
  accountId: string,
  password: string,
  hash: string,
): Promise<boolean> {
  // Keyed on the member, not on the name typed: their handle, email and former handles share one count.
  await limits.refuseIfThrottled(accountId);
  if (await verifyPassword(password, hash)) return true;
  await limits.recordFailure(accountId);
  return false;
}

/** REALM_RATE_LIMIT=off (benchmarks), and server-side callers that have no client. */
export const noSignInLimits: SignInLimits = {
  countAttempt: async () => {},
  refuseIfThrottled: async () => {},
  recordFailure: async () => {},
};

const accountKey = (accountId: string) => `login-failures:${accountId}`;

/** A new password set by an admin (`realm admin reset-password`) ends the account's lockout at once. */
export function forgetFailedLogins(store: Store, accountId: string): Promise<void> {
  return forgetHits(store, accountKey(accountId));
}

export function signInLimits(store: Store): SignInLimits {
  return {
    async countAttempt(address) {
      if (address === undefined) return;
      const window = await countHit(store, `sign-in:${address}`, attemptsPerAddress.windowMs);
      if (window.hits > attemptsPerAddress.max) throw refusal('Too many attempts', window);
    },
    async refuseIfThrottled(accountId) {
      const window = await hitsOf(store, accountKey(accountId), failuresPerAccount.windowMs);
      if (window.hits >= failuresPerAccount.max) {
        throw refusal('Too many failed logins for this account', window);
      }
    },
    async recordFailure(accountId) {
      await countHit(store, accountKey(accountId), failuresPerAccount.windowMs);
    },
  };
}

const refusal = (what: string, window: Window) =>
  tryLater(429, `${what}. Try again in ${inWords(window.resetsInMs)}.`, window.resetsInMs / 1000);
