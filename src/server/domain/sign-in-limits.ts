import type { Db } from '../db/client.js';
import { tryLater } from './errors.js';
import { countHit, forgetHits, hitsOf, type Window } from './window-counter.js';

// PRODUCT.md "Limits": login and signup are limited per client address, and login also per account, so that
// neither many guesses from one address nor guesses at one account from many addresses get far. Each refused
// attempt is refused before any password is hashed.

/** Login and signup attempts per address: 25 per 5 minutes (PRODUCT.md), through either API. */
export const attemptsPerAddress = { max: 25, windowMs: 5 * 60_000 };
/** Failed logins per account: after 10 in 15 minutes, that account's logins wait for the window to end. */
export const failuresPerAccount = { max: 10, windowMs: 15 * 60_000 };

export type SignInLimits = {
  /** Counts a login or signup attempt from `address`; refuses it with 429 past the limit. */
  countAttempt(address: string | undefined): void;
  /** Refuses with 429 a login to an account that has failed too often lately. */
  refuseIfThrottled(usernameKey: string): void;
  recordFailure(usernameKey: string): void;
};

/** REALM_RATE_LIMIT=off (benchmarks), and server-side callers that have no client. */
export const noSignInLimits: SignInLimits = {
  countAttempt: () => {},
  refuseIfThrottled: () => {},
  recordFailure: () => {},
};

const accountKey = (usernameKey: string) => `login-failures:${usernameKey}`;

/** A new password set by an admin (`realm admin reset-password`) ends the account's lockout at once. */
export function forgetFailedLogins(db: Db, usernameKey: string): void {
  forgetHits(db, accountKey(usernameKey));
}

export function signInLimits(db: Db): SignInLimits {
  return {
    countAttempt(address) {
      if (address === undefined) return;
      const window = countHit(db, `sign-in:${address}`, attemptsPerAddress.windowMs);
      if (window.hits > attemptsPerAddress.max) throw refusal('Too many attempts', window);
    },
    refuseIfThrottled(usernameKey) {
      const window = hitsOf(db, accountKey(usernameKey), failuresPerAccount.windowMs);
      if (window.hits >= failuresPerAccount.max) {
        throw refusal('Too many failed logins for this account', window);
      }
    },
    recordFailure(usernameKey) {
      countHit(db, accountKey(usernameKey), failuresPerAccount.windowMs);
    },
  };
}

const refusal = (what: string, window: Window) =>
  tryLater(429, `${what}. Try again in ${inWords(window.resetsInMs)}.`, window.resetsInMs / 1000);

function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
