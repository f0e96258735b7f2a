import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import { decodeId, type DecodedId } from './ids.js';

// Mastodon's pagination: `max_id` (older than), `since_id` (newer than, newest first), `min_id` (newer than,
// from just after it), `limit`; the answer's `Link` header names the next (older) and previous (newer) pages,
// and apps follow it rather than build the address themselves (docs/mastodon-api.md, "Pages").

// As Mastodon: a limit that is no whole number is the default, and one out of range is brought into it.
const limitOf = (fallback: number, max: number) =>
  z.coerce
    .number()
    .int()
    .catch(fallback)
    .transform((n) => Math.min(Math.max(n, 1), max));

export type PageQuery = {
  limit: number;
  /** Older than this id. */
  maxId: DecodedId | null;
  /** Newer than this id (since_id or min_id). */
  minId: DecodedId | null;
  /** `min_id` was asked: the page starts just after it rather than at the newest. */
  fromOldest: boolean;
};

/** Ids that are not ours are refused with Mastodon's 422 rather than read as "from the start". */
function idParam(value: unknown, name: string): DecodedId | null {
  if (value === undefined || value === '') return null;
  const decoded = typeof value === 'string' ? decodeId(value) : null;
  if (!decoded) throw new DomainError(422, `${name} is not a valid id`, 'BAD_REQUEST');
  return decoded;
}

export function pageQuery(request: FastifyRequest, { fallback = 20, max = 40 } = {}): PageQuery {
  const query = request.query as Record<string, unknown>;
  const minId = idParam(query.min_id, 'min_id');
  return {
    limit: limitOf(fallback, max).parse(query.limit),
    maxId: idParam(query.max_id, 'max_id'),
    minId: minId ?? idParam(query.since_id, 'since_id'),
    fromOldest: minId !== null,
  };
}

/**
 * Sets the `Link` header of a page whose items (newest first) have these ids: `next` goes on below the last,
 * `prev` comes back above the first. `hasOlder` false: the page ends the list, so no `next`.
 */
export function setLinkHeader(
  reply: FastifyReply,
  request: FastifyRequest,
  origin: string,
  ids: string[],
  hasOlder: boolean,
) {
  const first = ids[0];
  const last = ids.at(-1);
  if (!first || !last) return;
  const url = new URL(request.url, origin);
  const link = (param: 'max_id' | 'min_id', id: string, rel: string) => {
    const page = new URL(url.pathname, origin);
    for (const [key, value] of url.searchParams) {
      if (!['max_id', 'min_id', 'since_id'].includes(key)) page.searchParams.append(key, value);
    }
    page.searchParams.set(param, id);
    return `<${page.href}>; rel="${rel}"`;
  };
  const links = [...(hasOlder ? [link('max_id', last, 'next')] : []), link('min_id', first, 'prev')];
  reply.header('link', links.join(', '));
}
