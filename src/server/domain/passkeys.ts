import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { ActorRow, PasskeyRow, Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, DomainError, forbidden, messages, notFound } from './errors.js';
import { seal } from './sealed.js';
import { checkPasswordOf, parseSealed, type FactorKeys } from './second-factor.js';
import { noSignInLimits, type SignInLimits } from './sign-in-limits.js';
import { countHit } from './window-counter.js';

// Passkeys (WebAuthn through SimpleWebAuthn; docs/security.md, "Passkeys"): several per member, each named;
// one signs in without a password and stands for both factors. Each ceremony's challenge is made here and
// handed out sealed, bound to its purpose (and to the member when adding one), for five minutes and once.

/** Who the passkeys belong to: the relying party's id (a host name), the origin it is used from, its name. */
export type RelyingParty = { id: string; origin: string; name: string };

const challengeMs = 5 * 60_000;
export const passkeysPerMember = 20;

/**
 * REALM_PUBLIC_URL's host and origin when set, else the request's own (a browser checks the origin it is
 * on against the relying party's id, and the server checks the origin the browser signed).
 */
export function relyingParty(
  publicOrigin: string | undefined,
  requestOrigin: string | undefined,
  name: string,
): RelyingParty {
  const origin = publicOrigin ?? requestOrigin;
  if (!origin) throw badRequest('Passkeys need the address of the instance (REALM_PUBLIC_URL).');
  return { id: new URL(origin).hostname, origin: new URL(origin).origin, name };
}

const ceremonyExpired = () =>
  new DomainError(400, 'This passkey request has expired. Try again.', 'BAD_REQUEST');
const notChecked = () => new DomainError(401, 'The passkey could not be checked.', 'UNAUTHORIZED');

/** The challenge of a sealed ceremony of `kind`, used up now: a second use is refused. */
async function takeCeremony(store: Store, keys: FactorKeys, ticket: string, kind: string) {
  const opened = parseSealed(keys.tickets, ticket);
  if (opened?.k !== kind || typeof opened.c !== 'string' || typeof opened.n !== 'string')
    throw ceremonyExpired();
  if (!(Number(opened.e) > Date.now())) throw ceremonyExpired();
  if ((await countHit(store, `passkey-challenge:${opened.n}`, challengeMs)).hits > 1) throw ceremonyExpired();
  return { challenge: opened.c, memberId: opened.m };
}

const sealCeremony = (keys: FactorKeys, kind: string, challenge: string, memberId?: string) =>
  seal(
    keys.tickets,
    JSON.stringify({
      k: kind,
      c: challenge,
      m: memberId,
      e: Date.now() + challengeMs,
      n: randomBytes(12).toString('base64url'),
    }),
  );

const transportsOf = (row: PasskeyRow) => (row.transports ? row.transports.split(',') : []);

/** Settings: the member's passkeys, oldest first; no key material. */
export async function passkeyList(store: Store, actor: Actor) {
  return (await store.read.passkeys.byMember(actor.id)).map(({ id, name, createdAt, lastUsedAt }) => ({
    id,
    name,
    createdAt,
    lastUsedAt,
  }));
}

/** The options for the browser's navigator.credentials.create, and the sealed ceremony to finish it with. */
export async function beginPasskeyRegistration(
  store: Store,
  keys: FactorKeys,
  actor: Actor,
  rp: RelyingParty,
) {
  const existing = await store.read.passkeys.byMember(actor.id);
  if (existing.length >= passkeysPerMember) {
    throw badRequest(`A member can have at most ${passkeysPerMember} passkeys. Remove one first.`);
  }
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: actor.username,
    userID: new TextEncoder().encode(actor.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    // Discoverable, so that it signs in without a username; verified (a PIN, a fingerprint), as it stands
    // for both factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: challengeMs,
  });
  return { options, ticket: sealCeremony(keys, 'passkey-add', options.challenge, actor.id) };
}

/** Adds the passkey the browser made: the member's password again, and the ceremony begun for them. */
export async function finishPasskeyRegistration(
  store: Store,
  keys: FactorKeys,
  actor: Actor,
  rp: RelyingParty,
  input: { ticket: string; name: string; password: string; response: unknown },
  limits: SignInLimits = noSignInLimits,
) {
  await checkPasswordOf(store, limits, actor, input.password);
  const { challenge, memberId } = await takeCeremony(store, keys, input.ticket, 'passkey-add');
  if (memberId !== actor.id) throw ceremonyExpired();
  const verified = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verified.verified) throw badRequest('The passkey could not be checked.');
  const { credential } = verified.registrationInfo;
  const row: PasskeyRow = {
    id: credential.id,
    memberId: actor.id,
    name: input.name,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).join(','),
    createdAt: now(),
    lastUsedAt: null,
  };
  if (!(await store.write((tx) => tx.passkeys.insert(row)))) {
    throw new DomainError(409, 'This passkey is already registered.', 'CONFLICT');
  }
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: null };
}

export async function removePasskey(store: Store, actor: Actor, id: string): Promise<void> {
  if (!(await store.write((tx) => tx.passkeys.remove(actor.id, id)))) throw notFound('No such passkey.');
}

/** The options for navigator.credentials.get, naming no credential: the browser offers the passkeys it holds. */
export async function beginPasskeySignIn(keys: FactorKeys, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: challengeMs,
  });
  return { options, ticket: sealCeremony(keys, 'passkey-sign-in', options.challenge) };
}

/**
 * The member a passkey signs in, password and second factor both: the signature over the ceremony's
 * challenge, from this origin, by a registered passkey whose counter moved on (or that keeps none).
 */
export async function passPasskeySignIn(
  store: Store,
  keys: FactorKeys,
  rp: RelyingParty,
  input: { ticket: string; response: unknown },
  limits: SignInLimits = noSignInLimits,
): Promise<ActorRow> {
  const { challenge } = await takeCeremony(store, keys, input.ticket, 'passkey-sign-in');
  const response = input.response as AuthenticationResponseJSON;
  const passkey = await store.read.passkeys.find(response.id);
  if (!passkey) throw notChecked();
  const member = await store.read.members.actor(passkey.memberId);
  if (!member) throw notChecked();
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== member.id) throw notChecked();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.id,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: transportsOf(passkey) as never,
    },
  }).catch(() => null);
  if (!verified?.verified) {
    await limits.recordFailure(member.id);
    throw notChecked();
  }
  const at = now();
  await store.write((tx) => tx.passkeys.used(passkey.id, verified.authenticationInfo.newCounter, at));
  if (member.status === 'suspended') throw forbidden(messages.suspended);
  return member;
}
