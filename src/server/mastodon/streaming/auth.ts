import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { tokenFromHeader } from '../../domain/tokens.js';
import type { Store } from '../../store/store.js';
import { callerMessages } from '../caller.js';
import { resolveAppToken } from '../oauth/app-tokens.js';
import { grants } from '../oauth/scopes.js';

// Who opens a stream: a member's app token with `read`, `read:statuses` or `read:notifications`, as
// Mastodon's streaming server asks. Browsers cannot send headers with a WebSocket, so the token may also
// come as the `access_token` query parameter or as the `Sec-WebSocket-Protocol` header (Mastodon 3.3+).

export type StreamCaller = {
  memberId: string;
  token: string;
  readsStatuses: boolean;
  readsNotifications: boolean;
};

function tokenOf(request: FastifyRequest): string | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.access_token === 'string' && query.access_token !== '') return query.access_token;
  const protocol = request.headers['sec-websocket-protocol'];
  if (typeof protocol === 'string' && protocol.trim() !== '') return protocol.split(',')[0]!.trim();
  const header = request.headers.authorization;
  return (header && tokenFromHeader(header)) || null;
}

/** The member and what their token lets them read, or the refusal: 401 without a valid token, 403 else. */
export async function streamCaller(store: Store, request: FastifyRequest): Promise<StreamCaller> {
  const token = tokenOf(request);
  if (!token) throw new DomainError(401, callerMessages.memberNeeded, 'UNAUTHORIZED');
  return checkToken(store, token);
}

/** The token's member and scopes now: at the start, and again at each heartbeat. */
export async function checkToken(store: Store, token: string): Promise<StreamCaller> {
  const grant = await resolveAppToken(store, token);
  if (!grant) throw new DomainError(401, callerMessages.invalidToken, 'UNAUTHORIZED');
  const readsStatuses = grants(grant.scopes, 'read:statuses');
  const readsNotifications = grants(grant.scopes, 'read:notifications');
  if (!readsStatuses && !readsNotifications) {
    throw new DomainError(403, callerMessages.outsideScopes, 'FORBIDDEN');
  }
  if (!grant.memberId) throw new DomainError(422, callerMessages.memberNeeded, 'BAD_REQUEST');
  const member = await store.read.members.actor(grant.memberId);
  if (!member) throw new DomainError(401, callerMessages.invalidToken, 'UNAUTHORIZED');
  if (member.status === 'suspended') throw new DomainError(403, callerMessages.suspended, 'FORBIDDEN');
  if (member.status === 'pending') throw new DomainError(403, callerMessages.pending, 'FORBIDDEN');
  return { memberId: member.id, token, readsStatuses, readsNotifications };
}

/**
 * Whether the caller may subscribe to `name`: the home stream and the public ones need read:statuses
 * (with read:notifications, `user` carries notifications too); `user:notification` needs read:notifications.
 */
export function mayRead(caller: Pick<StreamCaller, 'readsStatuses' | 'readsNotifications'>, name: string) {
  return name === 'user:notification' ? caller.readsNotifications : caller.readsStatuses;
}
