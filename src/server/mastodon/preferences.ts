import type { FastifyInstance } from 'fastify';
import { requireMember } from './caller.js';
import type { MastodonDeps } from './deps.js';

// Preferences (methods/preferences.md): what an app's composer and reader start from. Realm's posts are all
// public, never marked sensitive, of no chosen language, and it has no content warnings to expand.
export async function preferenceRoutes(app: FastifyInstance, deps: MastodonDeps) {
  app.get('/api/v1/preferences', async (request) => {
    await requireMember(deps, request, 'read:accounts');
    return {
      'posting:default:visibility': 'public',
      'posting:default:sensitive': false,
      'posting:default:language': null,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    };
  });
}
