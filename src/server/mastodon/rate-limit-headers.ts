import type { FastifyInstance } from 'fastify';

/**
 * Apps read Mastodon's `X-RateLimit-Limit`, `-Remaining` and `-Reset` (an ISO time) to slow down before a
 * 429. The general limit (request-limit.ts) writes the draft standard's `RateLimit-*` headers, with the reset
 * in seconds from now; these are the same numbers in Mastodon's names.
 */
export function mastodonRateLimitHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    const limit = reply.getHeader('ratelimit-limit');
    const remaining = reply.getHeader('ratelimit-remaining');
    const reset = Number(reply.getHeader('ratelimit-reset'));
    if (limit !== undefined) reply.header('x-ratelimit-limit', limit);
    if (remaining !== undefined) reply.header('x-ratelimit-remaining', remaining);
    if (Number.isFinite(reset)) {
      reply.header('x-ratelimit-reset', new Date(Date.now() + reset * 1000).toISOString());
    }
    return payload;
  });
}
