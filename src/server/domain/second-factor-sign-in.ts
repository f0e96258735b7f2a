import { randomBytes } from 'node:crypto';
import type { ActorRow, Store } from '../store/store.js';
import { DomainError, forbidden, messages } from './errors.js';
import { factorMessages, parseSealed, useSecondFactorCode, type FactorKeys } from './second-factor.js';
import { seal } from './sealed.js';
import type { SignInLimits } from './sign-in-limits.js';
import { countHit, hitsOf } from './window-counter.js';

// The second step of a sign-in (docs/security.md, "Second factors"): once the password was right, a member
// with a second factor gets a ticket instead of a session. It is sealed (nobody can make or alter one), names
// the member (by whose id the login throttle counts), lives five minutes, signs in once, and ends with the
// member's sessions (a new password, "sign out everywhere"). The password is never sent again.

const ticketMs = 5 * 60_000;

const ticketExpired = () =>
  new DomainError(401, 'This sign-in has expired. Please enter your password again.', 'UNAUTHORIZED');

/** A ticket for the second step when the member has a second factor on; undefined when they have none. */
export async function secondFactorTicket(
  store: Store,
  keys: FactorKeys,
  member: { id: string; tokenVersion: number },
): Promise<string | undefined> {
  if (!(await store.read.secondFactors.totp(member.id))) return undefined;
  const ticket = {
    k: 'sign-in',
    m: member.id,
    v: member.tokenVersion,
    e: Date.now() + ticketMs,
    n: randomBytes(12).toString('base64url'),
  };
  return seal(keys.tickets, JSON.stringify(ticket));
}

/**
 * The member a ticket and a code sign in. A wrong code counts as a failed login of the account, and an
 * account throttled lately is refused before the code is looked at (sign-in-limits.ts).
 */
export async function passSecondFactor(
  store: Store,
  keys: FactorKeys,
  limits: SignInLimits,
  input: { ticket: string; code: string },
): Promise<ActorRow> {
  const ticket = parseSealed(keys.tickets, input.ticket);
  const { m: memberId, n: nonce } = ticket ?? {};
  if (ticket?.k !== 'sign-in' || typeof memberId !== 'string') {
    throw ticketExpired();
  }
  if (typeof nonce !== 'string' || !(Number(ticket.e) > Date.now())) throw ticketExpired();
  await limits.refuseIfThrottled(memberId);
  const usedKey = `second-factor-ticket:${nonce}`;
  if ((await hitsOf(store, usedKey, ticketMs)).hits > 0) throw ticketExpired();
  const member = await store.read.members.actor(memberId);
  if (!member || member.tokenVersion !== ticket.v) throw ticketExpired();
  const checked = await useSecondFactorCode(store, keys, member.id, input.code);
  if (checked === 'wrong') {
    await limits.recordFailure(memberId);
    throw new DomainError(401, factorMessages.wrongCode, 'UNAUTHORIZED');
  }
  // 'off': an admin turned the factor off between the two steps; the password was right.
  // Counted after the code, so a mistyped code does not end the ticket; of two uses at once, one wins.
  if ((await countHit(store, usedKey, ticketMs)).hits > 1) throw ticketExpired();
  if (member.status === 'suspended') throw forbidden(messages.suspended);
  return member;
}
