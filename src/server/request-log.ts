import type { FastifyRequest } from 'fastify';

// Mastodon apps may put their token in the address (`?access_token=` on the streaming API, where a browser's
// WebSocket cannot send a header). Log lines keep no secret, so the address is logged without it.
const accessToken = /([?&]access_token=)[^&#]*/gi;

export const withoutTokens = (url: string) => url.replace(accessToken, '$1[redacted]');

/** What a log line says of a request: Fastify's own fields, the address without tokens, and no headers. */
export const requestLogFields = (request: FastifyRequest) => ({
  method: request.method,
  url: withoutTokens(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
