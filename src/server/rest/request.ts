import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { resolveActor, type Actor } from '../domain/auth.js';
import { badRequest } from '../domain/errors.js';
import type { TokenKeys } from '../domain/tokens.js';

export type RestDeps = {
  db: Db;
  keys: TokenKeys;
  /** REALM_LEGACY_LIST_LIMIT: the most entries a legacy list answer carries. */
  legacyListLimit: number;
};

/** Validates at the edge: the first problem becomes a 400 a person can act on, and nothing is written. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'The request is not valid.');
  return result.data;
}

export function actorOf({ db, keys }: RestDeps, request: FastifyRequest): Promise<Actor> {
  return resolveActor(db, keys, request.headers.authorization);
}

export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * `postData` and `commentData` arrive either as the text itself (what the spec's client sends for a new post
 * or comment) or as an object holding it (`{ content }`, `{ text }`): PRODUCT.md item 4.
 */
export function textPayload(request: FastifyRequest, key: string, field: string): unknown {
  const payload = bodyOf(request)[key];
  return payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[field] : payload;
}

export const params = (request: FastifyRequest) => request.params as Record<string, string>;

/** Answers JSON that is already text, or a stream of it (SQLite writes the legacy posts: post-views.ts). */
export const sendJson = (reply: FastifyReply, status: number, json: string | Readable) =>
  reply.code(status).type('application/json; charset=utf-8').send(json);
