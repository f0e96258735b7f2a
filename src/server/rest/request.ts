import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RegistrationMode } from '../../shared/community-schemas.js';
import { resolveActor, type Actor } from '../domain/auth.js';
import { badRequest, DomainError } from '../domain/errors.js';
import type { FactorKeys } from '../domain/second-factor.js';
import type { TokenKeys } from '../domain/tokens.js';
import type { Store } from '../store/store.js';
import type { ListCache } from './list-cache.js';

export type RestDeps = {
  store: Store;
  keys: TokenKeys;
  /** The keys of second factors (domain/second-factor.ts): a login asks whether one is on. */
  factors: FactorKeys;
  /** REALM_LEGACY_LIST_LIMIT: the most entries a legacy list answer carries. */
  legacyListLimit: number;
  /** REALM_REGISTRATION: registration until an admin sets it. */
  registrationDefault: RegistrationMode;
  /** The list answers that are the same for every caller, kept until the next write (list-cache.ts). */
  listCache: ListCache;
};

/** Validates at the edge: the first problem becomes a 400 a person can act on, and nothing is written. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

export function actorOf({ store, keys }: RestDeps, request: FastifyRequest): Promise<Actor> {
  return resolveActor(store, keys, request.headers.authorization);
}

/**
 * The member whose valid token came with a public read, or null: on a read anyone may make, a missing,
 * invalid or expired token only means the caller is anonymous (bookmarks are shown to their owner alone:
 * docs/api.md, "Long lists: bounded, paged, kept"). A suspended or pending member is refused with 403, as
 * on tRPC.
 */
export async function viewerOf(deps: RestDeps, request: FastifyRequest): Promise<string | null> {
  if (!request.headers.authorization) return null;
  try {
    return (await actorOf(deps, request)).id;
  } catch (error) {
    if (error instanceof DomainError && error.status !== 403) return null;
    throw error;
  }
}

/**
 * A public read whose answer is the same for every caller (the posts and comments lists, a post): the token
 * is read only so that a suspended or pending member is refused with 403, as on every other REST call and
 * on tRPC; a missing, invalid or expired one is anonymous, as on the other public reads.
 */
export async function refuseHeldMember(deps: RestDeps, request: FastifyRequest): Promise<void> {
  await viewerOf(deps, request);
}

export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * `postData` and `commentData` arrive either as the text itself (what the spec's client sends for a new post
 * or comment) or as an object holding it (`{ content }`, `{ text }`), as docs/differences-from-the-mock.md
 * item 4 says.
 */
export function textPayload(request: FastifyRequest, key: string, field: string): unknown {
  const payload = bodyOf(request)[key];
  return payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[field] : payload;
}

export const params = (request: FastifyRequest) => request.params as Record<string, string>;

/** Answers JSON that is already text (the database writes the legacy objects: store: legacy). */
export const sendJson = (reply: FastifyReply, status: number, json: string) =>
  reply.code(status).type('application/json; charset=utf-8').send(json);
