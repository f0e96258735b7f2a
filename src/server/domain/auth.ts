import { v4 as uuid } from 'uuid';
import type { RegistrationMode } from '../../shared/community-schemas.js';
import { usernameKey, type LoginInput, type SignupInput } from '../../shared/schemas.js';
import type { Role, Store, Tx } from '../store/store.js';
import { actorGone, DomainError, forbidden, invalidToken, messages, notFound } from './errors.js';
import { now } from './clock.js';
import { instanceSettings } from './instance-settings.js';
import { hashPassword } from './passwords.js';
import { passPasskeySignIn, type RelyingParty } from './passkeys.js';
import type { FactorKeys } from './second-factor.js';
import { passSecondFactor, secondFactorTicket } from './second-factor-sign-in.js';
import { checkAccountPassword, type SignInLimits } from './sign-in-limits.js';
import { tokenFromHeader, type TokenKeys } from './tokens.js';
import { usernameSkeleton } from '../../shared/username-skeleton.js';
import { emailKey, handleBase, handleCandidate, isEmailLike, isHandle } from '../../shared/handle.js';

/** The signed-in member on whose behalf a write runs, with their role (domain/roles.ts). */
export type Actor = { id: string; username: string; role: Role };

export function findUserIdByUsername(store: Store, name: string): Promise<string | undefined> {
  return store.read.members.idByKey(usernameKey(name));
}

const usernameTaken = () => new DomainError(422, messages.usernameTaken, 'CONFLICT');
// Refused as a taken one is: to a reader the two names are the same.
const usernameLookalike = () => new DomainError(422, messages.usernameLookalike, 'CONFLICT');

export type SignupOptions = {
  /** REALM_REGISTRATION: registration until an admin sets it in the instance settings ('open' unless given). */
  registrationDefault?: RegistrationMode;
  /** Registration "invite": the code the newcomer was given. */
  inviteCode?: string;
  /** `realm admin create-user`: an administrator adds the member whatever registration says. */
  byAdministrator?: boolean;
  /** The new member's role ('member' unless given); for the command line. */
  role?: Role;
};

/**
 * Who signs up, by name (docs/decisions/0016-handle-and-email.md). From the web app: a handle and an email.
 * From REST's `username` (`fromName`): an email-like name is the member's email, with a handle made from it;
 * a handle is the handle; any other name gets a handle made from it and is kept as a former handle, so that
 * login with exactly what signup was given keeps working.
 */
export type SignupNames = { handle?: string; base: string; email: string | null; former: string | null };

export function signupNames(
  input: { username: string; email?: string | undefined },
  fromName: boolean,
): SignupNames {
  if (!fromName)
    return { handle: input.username, base: input.username, email: input.email ?? null, former: null };
  const name = input.username;
  if (isEmailLike(name)) return { base: handleBase(name), email: name, former: null };
  if (isHandle(name)) return { handle: name, base: name, email: null, former: null };
  return { base: handleBase(name), email: null, former: name };
}

const emailTaken = () => new DomainError(422, messages.emailTaken, 'CONFLICT');

/** The first free handle from `base` (taken, a former handle, reserved or a look-alike: the next number). */
async function freeHandle(tx: Tx, base: string, id: string) {
  for (let n = 1; ; n++) {
    const handle = handleCandidate(base, n);
    if (!isHandle(handle)) continue;
    if (await tx.members.idByKey(usernameKey(handle))) continue;
    if (await tx.members.lookalike(usernameSkeleton(handle), id)) continue;
    return handle;
  }
}

/**
 * Spec section 6, under the instance's registration: open; approval (the account waits, pending,
 * for a moderator); invite (a usable code is needed, and one of its uses is counted in the transaction that
 * creates the account, so a refused signup uses nothing); closed. `fromName`: REST's signup, whose
 * `username` may be an email or any name (signupNames).
 */
export async function signup(
  store: Store,
  keys: TokenKeys,
  input: SignupInput & { email?: string | undefined },
  extra: Record<string, unknown> = {},
  options: SignupOptions & { fromName?: boolean } = {},
): Promise<{ userId: string; username: string; token: string; status: 'active' | 'pending' }> {
  const registration = options.byAdministrator
    ? 'open'
    : (await instanceSettings(store, options.registrationDefault ?? 'open')).registration;
  if (registration === 'closed') throw forbidden(messages.registrationClosed);
  const inviteCode = registration === 'invite' ? options.inviteCode : undefined;
  if (registration === 'invite' && !inviteCode) throw forbidden(messages.inviteRequired);
  const names = signupNames(input, options.fromName ?? false);
  const refuseEmail = options.fromName ? usernameTaken : emailTaken;
  // A name kept as a former handle, or an email that is one, stays reserved as the member's handle is.
  for (const name of [names.handle, names.former, names.email]) {
    if (name && (await findUserIdByUsername(store, name)))
      throw name === names.email ? refuseEmail() : usernameTaken();
  }
  if (names.email && (await store.read.members.emailTaken(emailKey(names.email)))) throw refuseEmail();
  const passwordHash = await hashPassword(input.password);
  const at = now();
  const id = uuid();
  const status = registration === 'approval' ? 'pending' : 'active';
  const { password: _password, email: _email, username: _username, ...profile } = input;
  const username = await store.write(async (tx) => {
    if (inviteCode && !(await tx.invites.redeem(inviteCode, at))) throw forbidden(messages.inviteInvalid);
    const handle = names.handle ?? (await freeHandle(tx, names.base, id));
    const member = {
      ...profile,
      id,
      username: handle,
      usernameKey: usernameKey(handle),
      usernameSkeleton: usernameSkeleton(handle),
      email: names.email,
      emailKey: names.email === null ? null : emailKey(names.email),
      handleChangesLeft: names.handle === undefined ? 1 : 0,
      passwordHash,
      extra: JSON.stringify(extra),
      status,
      ...(options.role ? { role: options.role } : {}),
      createdAt: at,
      updatedAt: at,
    } as const;
    // Two signups for one name at once: the unique index decides, and the loser gets the spec's answer (and
    // its invite use is rolled back with it).
    if (!(await tx.members.insert(member))) throw usernameTaken();
    if (names.former !== null) {
      if (!(await tx.members.addFormerHandle(id, names.former, at))) throw usernameTaken();
      // The name given stays the member's (lookups and login find them by it): not a look-alike of anyone's.
      if (await tx.members.lookalike(usernameSkeleton(names.former), id)) throw usernameLookalike();
    }
    // After the insert, so the same name (whose skeleton is the same too) gets the taken answer above; a
    // look-alike rolls the insert back.
    if (await tx.members.lookalike(member.usernameSkeleton, id)) throw usernameLookalike();
    return handle;
  });
  return {
    userId: id,
    username,
    token: await tokenFor(keys, { id, username, tokenVersion: 0 }),
    status,
  };
}

/** What a login answers: a session, or, for a member with a second factor, the ticket for its step. */
export type LoginResult =
  | { userId: string; token: string; status: 'active' | 'pending' }
  | { userId: string; secondFactorTicket: string };

/**
 * A member by their handle, email or a former handle (docs/decisions/0016-handle-and-email.md), and their
 * password. `limits` refuses, before any hashing, an account that failed too often lately, counted by member
 * whichever name was typed (docs/security.md). A member with a second factor gets no session yet:
 * `secondFactorTicket` is for loginSecondStep.
 */
export async function login(
  store: Store,
  keys: TokenKeys,
  input: LoginInput,
  limits: SignInLimits,
  factors: FactorKeys,
): Promise<LoginResult> {
  const user = await store.read.members.forLogin(usernameKey(input.username));
  if (!user) throw notFound(messages.unknownUsername);
  if (!(await checkAccountPassword(limits, user.id, input.password, user.passwordHash))) {
    throw new DomainError(401, messages.wrongPassword, 'UNAUTHORIZED');
  }
  // Checked after the password, so only the account's owner learns that it is suspended.
  if (user.status === 'suspended') throw forbidden(messages.suspended);
  const secondFactor = await secondFactorTicket(store, factors, user);
  if (secondFactor) return { userId: user.id, secondFactorTicket: secondFactor };
  // A pending member may log in: what they then see is that they wait (resolveActor's allowPending).
  return { userId: user.id, token: await tokenFor(keys, user), status: user.status };
}

/** The second step of a login: the ticket the password earned and a code (domain/second-factor-sign-in.ts). */
export async function loginSecondStep(
  store: Store,
  keys: TokenKeys,
  factors: FactorKeys,
  limits: SignInLimits,
  input: { ticket: string; code: string },
): Promise<{ userId: string; token: string; status: 'active' | 'pending' }> {
  const member = await passSecondFactor(store, factors, limits, input);
  const status = member.status === 'pending' ? 'pending' : 'active';
  return { userId: member.id, token: await tokenFor(keys, member), status };
}

/** Signing in with a passkey, no password: it stands for both factors (domain/passkeys.ts). */
export async function loginWithPasskey(
  store: Store,
  keys: TokenKeys,
  factors: FactorKeys,
  rp: RelyingParty,
  input: { ticket: string; response: unknown },
  limits: SignInLimits,
): Promise<{ userId: string; token: string; status: 'active' | 'pending' }> {
  const member = await passPasskeySignIn(store, factors, rp, input, limits);
  const status = member.status === 'pending' ? 'pending' : 'active';
  return { userId: member.id, token: await tokenFor(keys, member), status };
}

/** A token for the member's current token version: the ones signed before a version moved stop working. */
export const tokenFor = (keys: TokenKeys, member: { id: string; username: string; tokenVersion: number }) =>
  keys.sign({ _id: member.id, username: member.username, v: member.tokenVersion });

/**
 * Spec section 6: every write needs a token that resolves to an existing member. The token must also be
 * of the member's current version (a password change or "sign out everywhere" ends the older ones), and the
 * member may act: a suspended member is refused with 403 everywhere, a pending one everywhere but where
 * `allowPending` (what the waiting screen reads). The member is read on every request (one indexed lookup
 * it already made), so a suspension or a sign-out takes effect at once on every node
 * (docs/decisions/0004-community-moderation.md).
 */
export async function resolveActor(
  store: Store,
  keys: TokenKeys,
  header: string | undefined,
  { allowPending = false } = {},
): Promise<Actor> {
  const token = tokenFromHeader(header);
  if (!token) throw invalidToken();
  const claims = await keys.verify(token);
  const user = await store.read.members.actor(claims._id);
  if (!user) throw actorGone();
  if (user.tokenVersion !== claims.v) throw invalidToken();
  if (user.status === 'suspended') throw forbidden(messages.suspended);
  if (user.status === 'pending' && !allowPending) throw forbidden(messages.pending);
  return { id: user.id, username: user.username, role: user.role };
}
