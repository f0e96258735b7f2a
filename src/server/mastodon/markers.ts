import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { homeMarker, saveHomeMarker } from '../domain/markers.js';
import { markRead, readMarker } from '../domain/notification-views.js';
import { requireMember } from './caller.js';
import type { MastodonDeps } from './deps.js';
import { decodeId, encodeId } from './ids.js';

// Markers (methods/markers.md): where the member stopped reading. The notifications marker is the read
// marker the web app's bell moves (domain/notification-views.ts markRead), so apps and the web app agree on
// what is unread; the home marker is kept for the apps alone (domain/markers.ts). docs/mastodon-api.md,
// "Notifications".

// The read marker is a time; as an id it sorts after every group of that time (all read) and before later ones.
const markerUuid = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

type Timeline = 'home' | 'notifications';
type Marker = { last_read_id: string; version: number; updated_at: string };

function timelinesAsked(request: FastifyRequest): Timeline[] {
  const query = request.query as Record<string, unknown>;
  const values = [query.timeline, query['timeline[]']].flatMap((value) =>
    value === undefined ? [] : Array.isArray(value) ? value : [value],
  );
  const asked = values.length > 0 ? values.map(String) : ['home', 'notifications'];
  return (['home', 'notifications'] as const).filter((timeline) => asked.includes(timeline));
}

const markerAt = (lastReadId: string, at: number): Marker => ({
  last_read_id: lastReadId,
  // Realm keeps no count of saves: the time of the last one grows as a version does.
  version: at,
  updated_at: new Date(at).toISOString(),
});

async function markerOf(deps: MastodonDeps, memberId: string, timeline: Timeline): Promise<Marker | null> {
  if (timeline === 'home') {
    const home = await homeMarker(deps.store, memberId);
    return home ? markerAt(home.statusId, home.at) : null;
  }
  const at = await readMarker(deps.store, memberId);
  return at === 0 ? null : markerAt(encodeId('notification', at, markerUuid), at);
}

/** Mastodon answers the markers that exist: a timeline never saved is left out. */
async function markersOf(deps: MastodonDeps, memberId: string, timelines: Timeline[]) {
  const answer: Partial<Record<Timeline, Marker>> = {};
  for (const timeline of timelines) {
    const marker = await markerOf(deps, memberId, timeline);
    if (marker) answer[timeline] = marker;
  }
  return answer;
}

/** `home[last_read_id]` from a form or `{ home: { last_read_id } }` as JSON. */
function lastReadId(body: unknown, timeline: Timeline): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  const nested = fields[timeline] as Record<string, unknown> | undefined;
  const value = nested?.last_read_id ?? fields[`${timeline}[last_read_id]`];
  return typeof value === 'string' ? value : undefined;
}

const notOurs = (name: string) =>
  new DomainError(422, `${name} last_read_id is not one of its ids`, 'BAD_REQUEST');

export async function markerRoutes(app: FastifyInstance, deps: MastodonDeps) {
  app.get('/api/v1/markers', async (request) => {
    const actor = await requireMember(deps, request, 'read:statuses');
    return markersOf(deps, actor.id, timelinesAsked(request));
  });

  app.post('/api/v1/markers', async (request) => {
    const actor = await requireMember(deps, request, 'write:statuses');
    const home = lastReadId(request.body, 'home');
    const notifications = lastReadId(request.body, 'notifications');
    const homeId = home === undefined ? null : decodeId(home);
    const notificationsId = notifications === undefined ? null : decodeId(notifications);
    // Both are checked before either is saved.
    if (home !== undefined && (!homeId || homeId.kind === 'notification')) throw notOurs('home');
    if (notifications !== undefined && notificationsId?.kind !== 'notification')
      throw notOurs('notifications');
    if (home !== undefined) await saveHomeMarker(deps.store, actor, home);
    if (notificationsId) await markRead(deps.store, actor, notificationsId.time);
    const saved = [
      ...(home !== undefined ? ['home' as const] : []),
      ...(notificationsId ? ['notifications' as const] : []),
    ];
    return markersOf(deps, actor.id, saved);
  });
}
