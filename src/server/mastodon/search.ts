import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { limits } from '../../shared/limits.js';
import type { Actor } from '../domain/auth.js';
import { DomainError } from '../domain/errors.js';
import { searchPosts } from '../domain/search.js';
import { searchTags } from '../domain/search-tags.js';
import type { PostCard } from '../domain/views.js';
import { accountsInOrder } from './account-views.js';
import { optionalMember } from './caller.js';
import { originOf, type MastodonDeps } from './deps.js';
import { postStatus } from './entities/status.js';
import { searchPeoplePage } from './people-search.js';
import { statusContext } from './statuses-view.js';
import { tagUrl } from './web-urls.js';

// GET /api/v2/search (methods/search.md) over Realm's three searches: statuses by domain/search.ts with its
// query language as it is (words, "a phrase", #tag, from:username), accounts by what their names start with
// (search-people.ts), hashtags likewise (search-tags.ts). Realm has no other servers, so `resolve` changes
// nothing. Mastodon pages by `offset`; Realm's searches by cursors, walked here up to 200 results in all.
// Signed out, statuses only: Realm's people and tag lookups are for members (docs/mastodon-api.md).

const reachMax = 200;

const searchQuery = z.object({
  q: z.string({ error: 'q is required' }).trim().min(1, 'q is required').max(limits.searchQueryMax),
  type: z.enum(['accounts', 'statuses', 'hashtags']).optional().catch(undefined),
  limit: z.coerce
    .number()
    .int()
    .catch(20)
    .transform((n) => Math.min(Math.max(n, 1), 40)),
  offset: z.coerce.number().int().min(0).catch(0),
});

type SearchQuery = z.infer<typeof searchQuery>;

async function statusCards(deps: MastodonDeps, viewerId: string | null, query: SearchQuery) {
  const wanted = Math.min(query.offset + query.limit, reachMax);
  const cards: PostCard[] = [];
  let cursor: string | null = null;
  try {
    while (cards.length < wanted) {
      const page = await searchPosts(deps.store, viewerId, { q: query.q, ...(cursor && { cursor }) });
      cards.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
  } catch (error) {
    // A query the language cannot read (an unclosed quote, too many words) finds nothing, as in Mastodon.
    if (error instanceof DomainError && error.status === 400) return [];
    throw error;
  }
  return cards.slice(query.offset, wanted);
}

async function statuses(
  deps: MastodonDeps,
  request: FastifyRequest,
  viewer: Actor | null,
  query: SearchQuery,
) {
  const cards = await statusCards(deps, viewer?.id ?? null, query);
  if (cards.length === 0) return [];
  const ctx = await statusContext({ store: deps.store }, viewer?.id ?? null, originOf(deps, request), cards);
  return cards.map((card) => postStatus(ctx, card));
}

/**
 * Tags as Mastodon's Tag: a tag has no row of its own in Realm, so its (folded) name is its id; Realm counts
 * a tag's week, not its days, so `history` is left empty.
 */
async function hashtags(deps: MastodonDeps, request: FastifyRequest, query: SearchQuery) {
  const q = query.q.replace(/^#/, '');
  if (q === '' || query.offset > 0 || q.length > 100) return [];
  const tags = await searchTags(deps.store, { q, limit: Math.min(query.limit, limits.pageSize) });
  const origin = originOf(deps, request);
  return tags.map((tag) => ({
    id: tag.tag,
    name: tag.tag,
    url: tagUrl(origin, tag.tag),
    history: [],
    following: false,
  }));
}

export async function searchRoutes(app: FastifyInstance, deps: MastodonDeps) {
  app.get('/api/v2/search', async (request) => {
    const viewer = await optionalMember(deps, request, 'read:search');
    const parsed = searchQuery.safeParse(request.query);
    if (!parsed.success) throw new DomainError(400, parsed.error.issues[0]!.message, 'BAD_REQUEST');
    const query = parsed.data;
    const wants = (type: SearchQuery['type']) => query.type === undefined || query.type === type;
    const [accountIds, tagList, statusList] = await Promise.all([
      viewer && wants('accounts') ? searchPeoplePage(deps.store, viewer.id, query) : [],
      viewer && wants('hashtags') ? hashtags(deps, request, query) : [],
      wants('statuses') ? statuses(deps, request, viewer, query) : [],
    ]);
    return {
      accounts: await accountsInOrder(deps, request, accountIds),
      statuses: statusList,
      hashtags: tagList,
    };
  });
}
