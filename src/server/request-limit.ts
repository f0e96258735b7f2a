import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tryLater } from './domain/errors.js';
import { isApiPath, isUploadPath } from './http-errors.js';

const isEventsPath = (url: string) => /^\/events(\?|$)/.test(url);
// An app's sign-in: the token endpoint and revocation (the Mastodon client API, docs/mastodon-api.md).
const isOAuthPath = (url: string) => /^\/oauth\/(token|revoke)(\?|$)/.test(url);

/** The general limit's window (Mastodon's, with its 300 requests per account or address). */
const windowMs = 5 * 60_000;

/**
 * The general rate limit: every request to /api, /trpc, /oauth/token, /oauth/revoke and every upload
 * (POST /media) counts against the signed-in member, or against the client's address when no valid token
 * came along; past REALM_RATE_LIMIT_REQUESTS in 5 minutes it is answered 429 with `Retry-After`, and every
 * answer carries the draft standard's `RateLimit-*` headers. The client's pages, the pictures it shows and
 * /healthz are not counted. Counts live in each process's memory: reading
 * a page must not write to the database. With REALM_WORKERS=N a client spread over N workers could so make up
 * to N times the limit; login and signup, where that matters, count in the database (sign-in-limits.ts).
 */
export async function limitRequests(
  app: FastifyInstance,
  options: { keyOf: (request: FastifyRequest) => Promise<string>; max: number },
) {
  const { keyOf } = options;
  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'onRequest',
    max: options.max,
    timeWindow: windowMs,
    cache: 20_000,
    enableDraftSpec: true,
    // Opening a live stream (GET /events) counts once, as one request, however long it then stays open.
    keyGenerator: (request) =>
      isApiPath(request.url) ||
      isUploadPath(request.url) ||
      isEventsPath(request.url) ||
      isOAuthPath(request.url)
        ? keyOf(request)
        : '',
    allowList: (_request, key) => key === '',
    errorResponseBuilder: (_request, context) =>
      tryLater(429, `Too many requests. Try again in ${context.after}.`, context.ttl / 1000),
  });
}
