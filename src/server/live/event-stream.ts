import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Starts a Server-Sent Events answer (Realm's /events and the Mastodon API's SSE streams) and answers the
 * raw response to write it to. From here on the answer is written by hand: no compression, no buffering,
 * no content length. The security headers set for every answer still go out.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  reply.hijack();
  const response = reply.raw;
  request.raw.socket?.setNoDelay(true);
  response.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx buffers what it proxies unless told otherwise (docs/api.md, "Live updates").
    'x-accel-buffering': 'no',
    // Once the stream ends the connection goes with it, so a shutdown does not wait on a keep-alive.
    connection: 'close',
  });
  return response;
}
