import type { FastifyRequest } from 'fastify';
import type { Actor } from '../domain/auth.js';
import { DomainError } from '../domain/errors.js';
import { tokenFromHeader } from '../domain/tokens.js';
import type { MastodonDeps } from './deps.js';
import { resolveAppToken, type AppGrant } from './oauth/app-tokens.js';
import { grants, type Scope } from './oauth/scopes.js';

// Who calls the Mastodon client API: an app's token (docs/decisions/0013-oauth-for-apps.md), checked for
// the scope each endpoint needs, and the member it stands for, refused while suspended or pending as on
// every other door. Mastodon's own error texts, which apps show as they are.
export const callerMessages = {
  invalidToken: 'The access token is invalid',
  outsideScopes: 'This action is outside the authorized scopes',
  memberNeeded: 'This method requires an authenticated user',
  suspended: 'Your login is currently disabled',
  pending: 'Your login is missing a confirmed e-mail address',
} as const;

const unauthorized = () => new DomainError(401, callerMessages.invalidToken, 'UNAUTHORIZED');
const outsideScopes = () => new DomainError(403, callerMessages.outsideScopes, 'FORBIDDEN');

/** The grant of the request's bearer token; null without one; 401 for one that is unknown or revoked. */
export async function grantOf(deps: MastodonDeps, request: FastifyRequest): Promise<AppGrant | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = tokenFromHeader(header);
  const grant = token ? await resolveAppToken(deps.store, token) : null;
  if (!grant) throw unauthorized();
  return grant;
}

/** The member an endpoint acts for: a member's token granting `scope`, of a member who may act. */
export async function requireMember(
  deps: MastodonDeps,
  request: FastifyRequest,
  scope: Scope,
): Promise<Actor> {
  return (await requireMemberGrant(deps, request, scope)).actor;
}

/** As requireMember, with the token's grant (what belongs to one token: its push subscription). */
export async function requireMemberGrant(
  deps: MastodonDeps,
  request: FastifyRequest,
  scope: Scope,
): Promise<{ actor: Actor; grant: AppGrant }> {
  const grant = await grantOf(deps, request);
  if (!grant) throw new DomainError(401, callerMessages.memberNeeded, 'UNAUTHORIZED');
  if (!grants(grant.scopes, scope)) throw outsideScopes();
  // An app's own token (client credentials) stands for no member: Mastodon answers 422.
  if (!grant.memberId) throw new DomainError(422, callerMessages.memberNeeded, 'BAD_REQUEST');
  return { actor: await actorOf(deps, grant.memberId), grant };
}

/**
 * The reader of a read anyone may make (a public timeline, a status, an account): null without a token,
 * the member with one. A token that is sent must be valid and grant `scope`, as Mastodon checks it.
 */
export async function optionalMember(
  deps: MastodonDeps,
  request: FastifyRequest,
  scope: Scope,
): Promise<Actor | null> {
  const grant = await grantOf(deps, request);
  if (!grant) return null;
  if (!grants(grant.scopes, scope)) throw outsideScopes();
  return grant.memberId ? actorOf(deps, grant.memberId) : null;
}

async function actorOf(deps: MastodonDeps, memberId: string): Promise<Actor> {
  const member = await deps.store.read.members.actor(memberId);
  if (!member) throw unauthorized();
  if (member.status === 'suspended') throw new DomainError(403, callerMessages.suspended, 'FORBIDDEN');
  if (member.status === 'pending') throw new DomainError(403, callerMessages.pending, 'FORBIDDEN');
  return { id: member.id, username: member.username, role: member.role };
}
