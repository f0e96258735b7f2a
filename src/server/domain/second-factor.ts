import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { actorGone, badRequest, DomainError, forbidden } from './errors.js';
import { now } from './clock.js';
import { seal, sealKeyFor, unseal, type SealKey } from './sealed.js';
import { checkAccountPassword, noSignInLimits, type SignInLimits } from './sign-in-limits.js';

// The TOTP second factor (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps) and its recovery codes
// (docs/security.md, "Second factors"). The secret is made here, shown once while the member sets it up, and
// kept sealed; the factor is on only once the member typed a code from it, with their password.

/** The instance's keys for second factors, derived from its token secret: one per use. */
export type FactorKeys = { secrets: SealKey; tickets: SealKey };

export function factorKeys(instanceSecret: string): FactorKeys {
  return {
    secrets: sealKeyFor(instanceSecret, 'realm: TOTP secrets of second factors'),
    tickets: sealKeyFor(instanceSecret, 'realm: second-factor sign-in tickets and setups'),
  };
}

export const totpPeriodSeconds = 30;
/** A setup shown but not confirmed may be confirmed for this long. */
const enrolmentMs = 15 * 60_000;
export const recoveryCodeCount = 10;
/** No 0, 1, i, l, o: read off a sheet of paper without doubt. 16 of 31 signs: 79 bits each. */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

export const factorMessages = {
  wrongCode: 'The code is not correct.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  enrolmentExpired: 'This setup has expired. Start again.',
  wrongPassword: 'The password is not correct.',
};

const totpOf = (secret: string, label: string, issuer: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });

const stepAt = (ms: number) => Math.floor(ms / 1000 / totpPeriodSeconds);

/** The step a 6-digit `code` belongs to, one step either way of now accepted (clock drift), or null. */
function stepOfCode(secret: string, code: string, at = Date.now()): number | null {
  const delta = totpOf(secret, 'x', 'x').validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? null : stepAt(at) + delta;
}

export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalCode(code)).digest('hex');

/** Spaces and dashes dropped, in lower case: the codes as typed from the sheet or an authenticator app. */
const normalCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

function newRecoveryCode(): string {
  const signs = Array.from({ length: 16 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]!);
  return [0, 4, 8, 12].map((at) => signs.slice(at, at + 4).join('')).join('-');
}

/** The member's password, under the account's login throttle; a wrong one is refused with 403. */
export async function checkPasswordOf(store: Store, limits: SignInLimits, actor: Actor, password: string) {
  const hash = await store.read.account.passwordHash(actor.id);
  if (hash === undefined) throw actorGone();
  if (!(await checkAccountPassword(limits, actor.id, password, hash))) {
    throw forbidden(factorMessages.wrongPassword);
  }
}

/** What settings show: whether the factor is on, since when, and how many recovery codes are left. */
export async function secondFactorStatus(store: Store, actor: Actor) {
  const totp = await store.read.secondFactors.totp(actor.id);
  return {
    totp: totp ? { enabledAt: totp.enabledAt } : null,
    recoveryCodesLeft: totp ? await store.read.secondFactors.recoveryCodesLeft(actor.id) : 0,
  };
}

/**
 * A new secret to set up, shown this once: as text, as an otpauth:// address and as its QR code (a PNG data
 * URL). Nothing is written: `enrolment` carries the secret sealed, bound to the member, for 15 minutes.
 */
export async function beginTotpEnrolment(store: Store, keys: FactorKeys, actor: Actor, issuer: string) {
  if (await store.read.secondFactors.totp(actor.id))
    throw new DomainError(409, factorMessages.alreadyOn, 'CONFLICT');
  const secret = new Secret({ buffer: randomBytes(20).buffer }).base32;
  const uri = totpOf(secret, actor.username, issuer).toString();
  const enrolment = seal(
    keys.tickets,
    JSON.stringify({ k: 'enrol', m: actor.id, s: secret, e: Date.now() + enrolmentMs }),
  );
  return { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 2, width: 240 }), enrolment };
}

/**
 * Turns the factor on: the member's password and a valid code from the secret of their `enrolment`. Answers
 * the ten recovery codes, shown this once; only their hashes are kept.
 */
export async function confirmTotpEnrolment(
  store: Store,
  keys: FactorKeys,
  actor: Actor,
  input: { enrolment: string; code: string; password: string },
  limits: SignInLimits = noSignInLimits,
): Promise<{ recoveryCodes: string[] }> {
  await checkPasswordOf(store, limits, actor, input.password);
  const opened = parseSealed(keys.tickets, input.enrolment);
  if (
    opened?.k !== 'enrol' ||
    opened.m !== actor.id ||
    typeof opened.s !== 'string' ||
    !(Number(opened.e) > Date.now())
  ) {
    throw badRequest(factorMessages.enrolmentExpired);
  }
  const step = stepOfCode(opened.s, normalCode(input.code));
  if (step === null) throw badRequest(factorMessages.wrongCode);
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  const row = { sealedSecret: seal(keys.secrets, opened.s), lastStep: step, enabledAt: now() };
  const enabled = await store.write((tx) =>
    tx.secondFactors.enable(actor.id, row, recoveryCodes.map(hashRecoveryCode)),
  );
  if (!enabled) throw new DomainError(409, factorMessages.alreadyOn, 'CONFLICT');
  return { recoveryCodes };
}

/** Turns the factor off: the member's password and a code (from the app, or a recovery code). */
export async function disableTotp(
  store: Store,
  keys: FactorKeys,
  actor: Actor,
  input: { code: string; password: string },
  limits: SignInLimits = noSignInLimits,
): Promise<void> {
  await checkPasswordOf(store, limits, actor, input.password);
  const checked = await useSecondFactorCode(store, keys, actor.id, input.code);
  if (checked === 'off') throw badRequest(factorMessages.notOn);
  if (checked === 'wrong') {
    await limits.recordFailure(actor.id);
    throw forbidden(factorMessages.wrongCode);
  }
  await store.write((tx) => tx.secondFactors.disable(actor.id));
}

/** `realm admin second-factor-off`: whether the member had one. */
export function removeSecondFactor(store: Store, memberId: string): Promise<boolean> {
  return store.write((tx) => tx.secondFactors.disable(memberId));
}

/**
 * Checks and uses up a code: six digits are a TOTP code, refused when its step or a later one was already
 * used (each code works once); anything else is a recovery code, deleted when it matches.
 */
export async function useSecondFactorCode(
  store: Store,
  keys: FactorKeys,
  memberId: string,
  code: string,
): Promise<'ok' | 'wrong' | 'off'> {
  const totp = await store.read.secondFactors.totp(memberId);
  if (!totp) return 'off';
  const typed = normalCode(code);
  if (/^\d{6}$/.test(typed)) {
    const secret = unseal(keys.secrets, totp.sealedSecret);
    const step = secret === null ? null : stepOfCode(secret, typed);
    if (step === null) return 'wrong';
    return (await store.write((tx) => tx.secondFactors.useStep(memberId, step))) ? 'ok' : 'wrong';
  }
  if (typed.length !== 16) return 'wrong';
  const used = await store.write((tx) => tx.secondFactors.useRecoveryCode(memberId, hashRecoveryCode(typed)));
  return used ? 'ok' : 'wrong';
}

/** A sealed JSON object of ours, or null when it is not one (altered, another key, not JSON). */
export function parseSealed(key: SealKey, text: string): Record<string, unknown> | null {
  const opened = unseal(key, text);
  if (opened === null) return null;
  try {
    const value: unknown = JSON.parse(opened);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
