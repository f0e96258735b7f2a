import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import type { FollowSide } from '../store/store.js';
import { accountsInOrder, memberIdParam } from './account-views.js';
import { optionalMember, requireMember } from './caller.js';
import { originOf, type MastodonDeps } from './deps.js';
import { encodeTime } from './ids.js';
import { setLinkHeader } from './paging.js';

// Lists of accounts: a member's followers and followings, and my blocks and mutes, newest first in pages
// with Mastodon's Link header. Their page ids are the time the follow (or block, mute) was made and the
// other member's id, so they sort as Mastodon's follow ids do; an app never reads them, it follows the Link.

const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const cursorPattern = new RegExp(`^[${digits}]{10}[0-9a-f]{32}$`);

/** The page id of an entry: its time and the member's UUID. */
const cursorOf = (since: number, id: string) => `${encodeTime(since)}${id.replaceAll('-', '')}`;

function decodeCursor(value: unknown, name: string): [number, string] | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !cursorPattern.test(value)) {
    throw new DomainError(422, `${name} is not a valid id`, 'BAD_REQUEST');
  }
  let ms = 0;
  for (const char of value.slice(0, 10)) ms = ms * 32 + digits.indexOf(char);
  const hex = value.slice(10);
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return [ms, uuid];
}

const limitOf = z.coerce
  .number()
  .int()
  .catch(40)
  .transform((n) => Math.min(Math.max(n, 1), 80));

type ListQuery = {
  limit: number;
  before: [number, string] | null;
  after: [number, string] | null;
  oldestFirst: boolean;
};

function listQuery(request: FastifyRequest): ListQuery {
  const query = request.query as Record<string, unknown>;
  const minId = decodeCursor(query.min_id, 'min_id');
  return {
    limit: limitOf.parse(query.limit),
    before: decodeCursor(query.max_id, 'max_id'),
    after: minId ?? decodeCursor(query.since_id, 'since_id'),
    oldestFirst: minId !== null,
  };
}

/** Answers a page read one longer than asked (newest first), with its Link header. */
async function answerPage(
  deps: MastodonDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  query: ListQuery,
  rows: { id: string; since: number }[],
) {
  const page = rows.slice(0, query.limit);
  // Read oldest first from min_id, shown newest first as every page.
  if (query.oldestFirst) page.reverse();
  const hasOlder = query.oldestFirst ? true : rows.length > query.limit;
  const ids = page.map((row) => cursorOf(row.since, row.id));
  setLinkHeader(reply, request, originOf(deps, request), ids, hasOlder);
  return accountsInOrder(
    deps,
    request,
    page.map((row) => row.id),
  );
}

/** The newest-first entries of an already sorted list (at most a few hundred) that fall in the page. */
function inMemoryPage(all: { id: string; since: number }[], query: ListQuery) {
  const key = (row: { id: string; since: number }): [number, string] => [row.since, row.id];
  const below = (a: [number, string], b: [number, string]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  const inRange = all.filter(
    (row) =>
      (!query.before || below(key(row), query.before)) && (!query.after || below(query.after, key(row))),
  );
  const ordered = query.oldestFirst ? inRange.reverse() : inRange;
  return ordered.slice(0, query.limit + 1);
}

export async function accountListRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const followList = (side: FollowSide) =>
    app.get(`/api/v1/accounts/:id/${side}`, async (request, reply) => {
      const viewer = await optionalMember(deps, request, 'read:accounts');
      const memberId = await memberIdParam(deps, request);
      const query = listQuery(request);
      const rows = await deps.store.read.relations.followPage(viewer?.id ?? null, memberId, side, {
        ...query,
        limit: query.limit + 1,
      });
      return answerPage(deps, request, reply, query, rows);
    });
  followList('followers');
  followList('following');

  const relationList = (path: string, kind: 'block' | 'mute', scope: 'read:blocks' | 'read:mutes') =>
    app.get(path, async (request, reply) => {
      const actor = await requireMember(deps, request, scope);
      const query = listQuery(request);
      // Realm keeps a member's list short (domain/relations.ts reads its newest 500): paged here.
      const all = await deps.store.read.relations.list(actor.id, kind, 500);
      const rows = inMemoryPage(
        all.map((row) => ({ id: row.id, since: row.since })),
        query,
      );
      return answerPage(deps, request, reply, query, rows);
    });
  relationList('/api/v1/blocks', 'block', 'read:blocks');
  relationList('/api/v1/mutes', 'mute', 'read:mutes');
}
