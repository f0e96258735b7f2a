import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { decodeId, type DecodedId } from './ids.js';

// Mastodon's pagination: `max_id` (older than), `since_id` (newer than: the newest), `min_id` (newer than:
// the items just above it, newest first), `limit`; the answer's `Link` header names the next (older) and previous (newer) pages,
// and apps follow it rather than build the address themselves (docs/mastodon-api.md, "Pages").

// As Mastodon: a limit that is no whole number is the default, and one out of range is brought into it.
// Plain code rather than a zod schema built per request: building it cost a tenth of a timeline page.
function limitOf(value: unknown, fallback: number, max: number): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isInteger(n) ? Math.min(Math.max(n, 1), max) : fallback;
}

export type PageQuery<Id = DecodedId> = {
  limit: number;
  /** Older than this id. */
  maxId: Id | null;
  /** Newer than this id (since_id or min_id). */
  minId: Id | null;
  /** `min_id` was asked: the page is the items just above it rather than the newest (timeline-reader.ts). */
  fromOldest: boolean;
};

type PageOptions<Id> = {
  /** The limit when none is asked, and the most that may be. */
  fallback?: number;
  max?: number;
  /** What a page id of this list means; null for one that is not (statuses' ids by default: ids.ts). */
  decode?: (id: string) => Id | null;
};

/**
 * The page a request asks for. Ids that are not ours are refused with Mastodon's 422 rather than read as
 * "from the start".
 */
export function pageQuery<Id = DecodedId>(
  request: FastifyRequest,
  { fallback = 20, max = 40, decode = decodeId as (id: string) => Id | null }: PageOptions<Id> = {},
): PageQuery<Id> {
  const query = request.query as Record<string, unknown>;
  const idParam = (name: 'max_id' | 'min_id' | 'since_id'): Id | null => {
    const value = query[name];
    if (value === undefined || value === '') return null;
    const decoded = typeof value === 'string' ? decode(value) : null;
    if (decoded === null) throw new DomainError(422, `${name} is not a valid id`, 'BAD_REQUEST');
    return decoded;
  };
  const minId = idParam('min_id');
  return {
    limit: limitOf(query.limit, fallback, max),
    maxId: idParam('max_id'),
    minId: minId ?? idParam('since_id'),
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
