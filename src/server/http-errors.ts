import type { FastifyError, FastifyInstance } from 'fastify';
import { limits } from '../shared/limits.js';
import { DomainError, messages } from './domain/errors.js';

// Fastify's own client errors, reworded for a person. Anything else under 500 keeps Fastify's message.
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `The request body is larger than the ${limits.bodyBytes / 1024} KB limit.`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/** One vocabulary for every failure: `{ errors: [message] }` (spec section 8), 5xx internals hidden. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(error.status).send({ errors: [error.message] });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        fastifyMessages[error.code] ??
        (error instanceof SyntaxError ? fastifyMessages.FST_ERR_CTP_INVALID_JSON_BODY : error.message);
      return reply.code(status).send({ errors: [message] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ errors: [messages.unexpected] });
  });
}

/** Unknown paths under /api and /trpc answer JSON; other GETs belong to the client's router. */
export function isApiPath(url: string): boolean {
  return /^\/(api|trpc)(\/|\?|$)/.test(url);
}

export function apiNotFound(method: string, url: string) {
  return { errors: [`There is no ${method} ${url.split('?')[0]} in this API.`] };
}
