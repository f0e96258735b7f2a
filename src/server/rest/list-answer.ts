import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, compression, minCompressBytes } from '../compression.js';
import { badRequest, tryLater } from '../domain/errors.js';
import { workSlots } from '../domain/work-slots.js';
import { beforeMessages, type ListPage } from './list-page.js';

// How a legacy list answer goes out (docs/api.md, "Long lists: bounded, paged, kept"): `X-Total-Count`, a
// `Link` to the next older page while one remains, and a strong ETag that a GET's `If-None-Match` turns into
// a 304.

/** A list answer as it is sent, and kept (list-cache.ts). */
export type ListAnswer = {
  body: Buffer;
  /** A hash of the body: every worker gives the same tag for the same answer. */
  etag: string;
  total: number;
  nextBefore: string | null;
  /** The body gzipped, made on first need and kept with the answer: a kept answer is compressed once. */
  gzipped(): Promise<Buffer>;
};

const gzipAsync = promisify(gzip);

const comma = Buffer.from(',');
const close = Buffer.from(']}');

/** `{"<name>":[...]}` of the page. */
export function listAnswer(name: string, page: ListPage): ListAnswer {
  const parts: Buffer[] = [Buffer.from(`{"${name}":[`)];
  page.entries.forEach((entry, i) => parts.push(...(i === 0 ? [entry] : [comma, entry])));
  parts.push(close);
  const body = Buffer.concat(parts);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  let gzipped: Promise<Buffer> | undefined;
  return {
    body,
    etag,
    total: page.total,
    nextBefore: page.nextBefore,
    gzipped: () => (gzipped ??= gzipAsync(body, compression.zlibOptions)),
  };
}

// List builds that a read asks for run one at a time in each process: 32 reads of long lists at once took
// turns slice by slice, so each took seconds, and a member's feed waited behind a whole round of slices
// (the load test, `npm run bench:hardening`: loop stalls of 300-800 ms, feed p99 0.8-3 s). A few reads
// wait their turn briefly; the rest are told to come back, at once, so that no answer takes over a second.
// A write's answer is built at once: its write has happened and must be answered.
const readBuilds = workSlots({
  running: 1,
  waiting: 8,
  waitMs: 200,
  busy: () => tryLater(503, 'The server is busy building other long lists. Try again in a moment.', 2),
});

/** Builds a list answer for `request`: a read in its turn (or refused with 503), a write's at once. */
export function buildFor(request: FastifyRequest, build: () => Promise<ListAnswer>): Promise<ListAnswer> {
  return request.method === 'GET' ? readBuilds.run(build) : build();
}

/** The `?before=` of a list request: one id, or none for the newest page. */
export function beforeOf(request: FastifyRequest): string | undefined {
  const { before } = request.query as Record<string, unknown>;
  if (before === undefined) return undefined;
  if (typeof before !== 'string' || before === '' || before.length > 100) {
    throw badRequest(beforeMessages.malformed);
  }
  return before;
}

/** Sends `answer` with `status`, or 304 to a GET that already has it. `path` is the list's own GET path. */
export async function sendList(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  answer: ListAnswer,
  path: string,
) {
  reply.header('x-total-count', String(answer.total)).header('etag', answer.etag);
  if (answer.nextBefore !== null) {
    reply.header('link', `<${path}?before=${encodeURIComponent(answer.nextBefore)}>; rel="next"`);
  }
  if (request.method === 'GET' && hasTag(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  reply.code(status).type('application/json; charset=utf-8');
  if (answer.body.length < minCompressBytes || !acceptsGzip(request.headers['accept-encoding'])) {
    return reply.send(answer.body);
  }
  // Other codings than gzip are left to @fastify/compress, which compresses each answer anew. The bytes
  // differ from the identity answer's, so the tag becomes weak (RFC 9110 8.8.1), as nginx does.
  const vary = reply.getHeader('vary');
  return reply
    .header('content-encoding', 'gzip')
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('etag', `W/${answer.etag}`)
    .send(await answer.gzipped());
}

/** RFC 9110 13.1.2: If-None-Match lists tags (or `*`) and compares them weakly, so `W/` is ignored. */
function hasTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
