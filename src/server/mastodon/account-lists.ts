import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FollowSide } from '../store/store.js';
import { accountsInOrder, memberIdParam } from './account-views.js';
import { optionalMember, requireMember } from './caller.js';
import { originOf, type MastodonDeps } from './deps.js';
import { decodeListId, encodeListId } from './ids.js';
import { pageQuery, setLinkHeader, type PageQuery } from './paging.js';

// Lists of accounts: a member's followers and followings, and my blocks and mutes, newest first in pages
// with Mastodon's Link header, whose ids are list ids (ids.ts: the time of the follow, block or mute and the
// other member).

type ListQuery = PageQuery<[number, string]>;

const listQuery = (request: FastifyRequest): ListQuery =>
  pageQuery(request, { fallback: 40, max: 80, decode: decodeListId });

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
  if (query.fromOldest) page.reverse();
  const hasOlder = query.fromOldest ? true : rows.length > query.limit;
  const ids = page.map((row) => encodeListId(row.since, row.id));
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
    (row) => (!query.maxId || below(key(row), query.maxId)) && (!query.minId || below(query.minId, key(row))),
  );
  const ordered = query.fromOldest ? inRange.reverse() : inRange;
  return ordered.slice(0, query.limit + 1);
}

export async function accountListRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const followList = (side: FollowSide) =>
    app.get(`/api/v1/accounts/:id/${side}`, async (request, reply) => {
      const viewer = await optionalMember(deps, request, 'read:accounts');
      const memberId = await memberIdParam(deps, request);
      const query = listQuery(request);
      const rows = await deps.store.read.relations.followPage(viewer?.id ?? null, memberId, side, {
        limit: query.limit + 1,
        before: query.maxId,
        after: query.minId,
        oldestFirst: query.fromOldest,
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
