import { getErrorShape, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '../shared/limits.js';
import { DomainError, messages } from './domain/errors.js';
import { appRouter } from './trpc/root.js';

// Fastify's own client errors, reworded for a person. Anything else under 500 keeps Fastify's message.
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is larger than the ${limits.bodyBytes / 1024} KB limit.`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_BAD_URL: 'The address is not valid: it has a malformed %-escape.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed.',
};

/**
 * One vocabulary for every failure: `{ errors: [message] }` (spec section 8) under /api and elsewhere, tRPC's
 * error shape under /trpc, whoever raised it (a rule, Fastify, a rate limit). 5xx internals are hidden.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      return sendError(request, reply, error.status, error.message, error.retryAfterSeconds);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = error instanceof SyntaxError ? 'FST_ERR_CTP_INVALID_JSON_BODY' : error.code;
      const message = fastifyMessages[code] ?? error.message;
      return sendError(request, reply, status, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 500, messages.unexpected);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before a route is found (a malformed %-escape, a path
 * parameter over the length limit), which Fastify would otherwise answer in its own shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  return sendError(request, reply, status, fastifyMessages[error.code] ?? messages.unexpected);
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  retryAfterSeconds?: number,
) {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  reply.code(status);
  if (isTrpcPath(request.url)) return reply.send(trpcError(status, message));
  return reply.send(isMastodonPath(request.url) ? { error: message } : { errors: [message] });
}

/** Unknown paths under /api and /trpc answer JSON; other GETs belong to the client's router. */
export function isApiPath(url: string): boolean {
  return /^\/(api|trpc)(\/|\?|$)/.test(url);
}

/** The web app's upload (`POST /media`): a request of its client like any call of the APIs. */
export const isUploadPath = (url: string) => /^\/media(\?|$)/.test(url);

const isTrpcPath = (url: string) => /^\/trpc(\/|\?|$)/.test(url);

/** The Mastodon client API's doors (src/server/mastodon), whose errors are `{ error }` as Mastodon's are. */
const isMastodonPath = (url: string) => /^\/(api\/v[12]|oauth|nodeinfo)(\/|\?|$)|^\/\.well-known\//.test(url);

export function apiNotFound(method: string, url: string) {
  const message = `There is no ${method} ${url.split('?')[0]} in this API.`;
  return isMastodonPath(url) ? { error: message } : { errors: [message] };
}

const trpcCodes: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** tRPC's own error answer (as its adapter writes one), for errors raised before a procedure runs. */
function trpcError(status: number, message: string) {
  const code = trpcCodes[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR');
  const error = new TRPCError({ code, message });
  const config = appRouter._def._config;
  return {
    error: getErrorShape({
      config,
      error,
      type: 'unknown',
      path: undefined,
      input: undefined,
      ctx: undefined,
    }),
  };
}
