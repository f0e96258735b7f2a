import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../domain/errors.js';
import { beforeMessages, type ListPage } from './list-page.js';

// How a legacy list answer goes out (PRODUCT.md "Limits on every request"): `X-Total-Count`, a `Link` to the
// next older page while one remains, and a strong ETag that a GET's `If-None-Match` turns into a 304.

/** A list answer as it is sent, and kept (list-cache.ts). */
export type ListAnswer = {
  body: Buffer;
  /** A hash of the body: every worker gives the same tag for the same answer. */
  etag: string;
  total: number;
  nextBefore: string | null;
};

const comma = Buffer.from(',');
const close = Buffer.from(']}');

/** `{"<name>":[...]}` of the page. */
export function listAnswer(name: string, page: ListPage): ListAnswer {
  const parts: Buffer[] = [Buffer.from(`{"${name}":[`)];
  page.entries.forEach((entry, i) => parts.push(...(i === 0 ? [entry] : [comma, entry])));
  parts.push(close);
  const body = Buffer.concat(parts);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, total: page.total, nextBefore: page.nextBefore };
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
export function sendList(
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
  return reply.code(status).type('application/json; charset=utf-8').send(answer.body);
}

/** RFC 9110 13.1.2: If-None-Match lists tags (or `*`) and compares them weakly, so `W/` is ignored. */
function hasTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
