import { gzipSync } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Every compressed response (@fastify/compress, registered in app.ts). gzip level 2 instead of 6: a 4 MB
 * GET /api/users page took 29 ms at level 2 against 48 ms at level 6, for 6% more bytes (1,000 posts: 7 ms
 * against 18 ms, 13% more bytes).
 */
export const compression: FastifyCompressOptions = { zlibOptions: { level: 2 } };

/** Smaller answers are not worth compressing (@fastify/compress's own threshold). */
export const minCompressBytes = 1024;
/** Up to this size an answer is gzipped on the spot (~0.1 ms for a 20 KB feed page at level 2). */
const inlineMaxBytes = 256 * 1024;

/** Whether `Accept-Encoding` takes gzip (or x-gzip) with a weight above zero. */
export const acceptsGzip = (header: string | undefined) =>
  header !== undefined && /(^|,)\s*(x-)?gzip\s*(,|$|;\s*q=(1|0?\.\d*[1-9]))/i.test(header);

/**
 * Answers the size of a feed page are gzipped on the main thread as they are sent. @fastify/compress pipes
 * every answer through a zlib stream on libuv's thread pool, and the round trip cost a member's request a
 * turn of the event loop: under the load test (`npm run bench:hardening`) the feed's p50 went from ~24 to
 * ~8 ms and its p99 from ~66 to ~34 ms with it (in the server: p99 41 -> 9 ms). Larger answers still stream
 * through @fastify/compress.
 */
export function gzipSmallAnswers(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // The header checks first: a client that takes no gzip (autocannon, curl) costs no size count.
    if (reply.hasHeader('content-encoding') || !acceptsGzip(request.headers['accept-encoding'])) {
      return done(null, payload);
    }
    const size = Buffer.byteLength(payload);
    if (size < minCompressBytes || size > inlineMaxBytes) return done(null, payload);
    const vary = reply.getHeader('vary');
    reply.header('content-encoding', 'gzip');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.removeHeader('content-length');
    return done(null, gzipSync(payload, compression.zlibOptions));
  });
}
