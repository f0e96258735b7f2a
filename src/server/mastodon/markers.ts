import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { markRead, readMarker } from '../domain/notification-views.js';
import { requireMember } from './caller.js';
import type { MastodonDeps } from './deps.js';
import { decodeId, encodeId } from './ids.js';

// Markers (methods/markers.md): where the member stopped reading. Realm keeps one, the notifications read
// marker the web app's bell moves (domain/notification-views.ts markRead), so apps and the web app agree on
// what is unread. The home timeline's marker is not kept: it is accepted and not answered, as Mastodon
// answers no marker never saved (docs/mastodon-api.md, "Notifications").

// The marker is a time; as an id it sorts after every group of that time (all read) and before later ones.
const markerUuid = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

function timelinesAsked(request: FastifyRequest): string[] {
  const query = request.query as Record<string, unknown>;
  const values = [query.timeline, query['timeline[]']].flatMap((value) =>
    value === undefined ? [] : Array.isArray(value) ? value : [value],
  );
  return values.length > 0 ? values.map(String) : ['home', 'notifications'];
}

async function notificationsMarker(deps: MastodonDeps, memberId: string) {
  const at = await readMarker(deps.store, memberId);
  if (at === 0) return null;
  return {
    last_read_id: encodeId('notification', at, markerUuid),
    version: at,
    updated_at: new Date(at).toISOString(),
  };
}

/** `notifications[last_read_id]` from a form or `{ notifications: { last_read_id } }` as JSON. */
function lastReadId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  const nested = fields.notifications as Record<string, unknown> | undefined;
  const value = nested?.last_read_id ?? fields['notifications[last_read_id]'];
  return typeof value === 'string' ? value : undefined;
}

export async function markerRoutes(app: FastifyInstance, deps: MastodonDeps) {
  app.get('/api/v1/markers', async (request) => {
    const actor = await requireMember(deps, request, 'read:statuses');
    if (!timelinesAsked(request).includes('notifications')) return {};
    const marker = await notificationsMarker(deps, actor.id);
    return marker ? { notifications: marker } : {};
  });

  app.post('/api/v1/markers', async (request) => {
    const actor = await requireMember(deps, request, 'write:statuses');
    const id = lastReadId(request.body);
    if (id === undefined) return {};
    const decoded = decodeId(id);
    if (!decoded || decoded.kind !== 'notification') {
      throw new DomainError(422, 'last_read_id is not a notification id', 'BAD_REQUEST');
    }
    await markRead(deps.store, actor, decoded.time);
    const marker = await notificationsMarker(deps, actor.id);
    return marker ? { notifications: marker } : {};
  });
}
