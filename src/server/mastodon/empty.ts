import type { FastifyInstance } from 'fastify';
import { requireMember } from './caller.js';
import type { MastodonDeps } from './deps.js';
import type { Scope } from './oauth/scopes.js';

// What Realm has not, answered as an empty list rather than 404: apps call these on start or on opening a
// screen and treat a 404 as a broken server (docs/mastodon-api.md, "What Realm answers empty"). Each asks for
// the scope Mastodon documents for it (mastodon/documentation content/en/methods/*.md), so a token is
// checked here as everywhere: a wrong token is 401 and a missing scope 403, whatever the answer would be.

/** Member-only lists, with their scope. */
const memberLists: [string, Scope][] = [
  ['/api/v1/filters', 'read:filters'],
  ['/api/v2/filters', 'read:filters'],
  ['/api/v1/lists', 'read:lists'],
  ['/api/v1/accounts/:id/lists', 'read:lists'],
  ['/api/v1/follow_requests', 'read:follows'],
  ['/api/v1/followed_tags', 'read:follows'],
  ['/api/v1/announcements', 'read'],
  ['/api/v1/conversations', 'read:statuses'],
  ['/api/v1/scheduled_statuses', 'read:statuses'],
  ['/api/v1/featured_tags', 'read:accounts'],
  ['/api/v1/featured_tags/suggestions', 'read:accounts'],
  ['/api/v1/endorsements', 'read:accounts'],
  ['/api/v1/domain_blocks', 'read:blocks'],
];

/** Lists anyone may read: trends (Realm ranks none) and a member's featured tags (Realm has none). */
const publicLists = [
  '/api/v1/trends',
  '/api/v1/trends/tags',
  '/api/v1/trends/statuses',
  '/api/v1/trends/links',
  '/api/v1/accounts/:id/featured_tags',
];

export async function emptyRoutes(app: FastifyInstance, deps: MastodonDeps) {
  for (const [path, scope] of memberLists) {
    app.get(path, async (request) => {
      await requireMember(deps, request, scope);
      return [];
    });
  }
  for (const path of publicLists) app.get(path, async () => []);
  // Followers of each account whom the caller follows: Realm does not work them out, so none, per id asked.
  app.get('/api/v1/accounts/familiar_followers', async (request) => {
    await requireMember(deps, request, 'read:follows');
    const query = request.query as Record<string, unknown>;
    const ids = [query.id, query['id[]']]
      .flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
      .filter((value): value is string => typeof value === 'string')
      .slice(0, 40);
    return [...new Set(ids)].map((id) => ({ id, accounts: [] }));
  });
}
