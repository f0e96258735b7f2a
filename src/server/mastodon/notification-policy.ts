import type { FastifyInstance } from 'fastify';
import { requireMember } from './caller.js';
import type { MastodonDeps } from './deps.js';

// Mastodon's notification filtering (methods/notifications.md, "policy" and "requests"): Realm filters no
// notifications into requests (blocks and mutes hide what they hide), so every policy is "accept", nothing
// is pending, and a change of policy is accepted and changes nothing. Apps read these on opening their
// notifications screen.

const summary = { pending_requests_count: 0, pending_notifications_count: 0 };

export async function notificationPolicyRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const v2 = {
    for_not_following: 'accept',
    for_not_followers: 'accept',
    for_new_accounts: 'accept',
    for_private_mentions: 'accept',
    for_limited_accounts: 'accept',
    summary,
  };
  const v1 = {
    filter_not_following: false,
    filter_not_followers: false,
    filter_new_accounts: false,
    filter_private_mentions: false,
    summary,
  };
  for (const [path, policy] of [
    ['/api/v2/notifications/policy', v2],
    ['/api/v1/notifications/policy', v1],
  ] as const) {
    app.get(path, async (request) => {
      await requireMember(deps, request, 'read:notifications');
      return policy;
    });
    app.patch(path, async (request) => {
      await requireMember(deps, request, 'write:notifications');
      return policy;
    });
  }
  app.get('/api/v1/notifications/requests', async (request) => {
    await requireMember(deps, request, 'read:notifications');
    return [];
  });
}
