import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dismissNotifications, notificationById, unreadCount } from '../domain/notification-views.js';
import type { NotificationView } from '../domain/views.js';
import type { Actor } from '../domain/auth.js';
import { recordNotFound } from './account-views.js';
import { requireMember } from './caller.js';
import { originOf, type MastodonDeps } from './deps.js';
import { decodeId } from './ids.js';
import { groupedResults, notificationEntity, notificationPage } from './notification-entities.js';
import { notificationId, scanGroups, typeOfKind } from './notification-reader.js';
import { pageQuery, setLinkHeader } from './paging.js';

// Notifications, v1 (one per group) and v2 (grouped), over domain/notification-views.ts
// (mastodon/documentation content/en/methods/notifications.md, grouped_notifications.md).

/** `types[]=a&types[]=b`, `types=a`: the names apps send a list under. */
function listParam(request: FastifyRequest, name: string): string[] | null {
  const query = request.query as Record<string, unknown>;
  const values = [query[name], query[`${name}[]`]].flatMap((value) =>
    value === undefined ? [] : Array.isArray(value) ? value : [value],
  );
  return values.length > 0 ? values.filter((value): value is string => typeof value === 'string') : null;
}

/** Which groups a request asks for: its types, less its excluded types (and only those from account_id). */
function filterOf(request: FastifyRequest) {
  const types = listParam(request, 'types');
  const excluded = new Set(listParam(request, 'exclude_types') ?? []);
  const { account_id: accountId } = request.query as { account_id?: unknown };
  return (view: NotificationView) => {
    const type = typeOfKind[view.kind];
    if (types && !types.includes(type)) return false;
    if (excluded.has(type)) return false;
    return typeof accountId !== 'string' || view.actors.some((user) => user.id === accountId);
  };
}

async function readPage(deps: MastodonDeps, request: FastifyRequest, reply: FastifyReply, actor: Actor) {
  const query = pageQuery(request, { fallback: 40, max: 80 });
  const key = (decoded: typeof query.maxId) =>
    decoded && decoded.kind === 'notification' ? ([decoded.time, decoded.uuid] as [number, string]) : null;
  const { items, nextId } = await scanGroups(deps.store, actor.id, {
    before: key(query.maxId),
    after: key(query.minId),
    oldestFirst: query.fromOldest,
    limit: query.limit,
    accept: filterOf(request),
  });
  const page = await notificationPage(deps, request, actor, items);
  const ids = page.views.map(notificationId);
  if (nextId && ids.at(-1) !== nextId) ids.push(nextId);
  setLinkHeader(reply, request, originOf(deps, request), ids, nextId !== null || query.fromOldest);
  return page;
}

/** The group a v1 notification id or a v2 group key names (`<type>-<uuid>`), as its UUID; 404 otherwise. */
function groupIdOf(request: FastifyRequest, from: 'id' | 'group_key'): string {
  const param = (request.params as Record<string, string>)[from]!;
  if (from === 'id') {
    const decoded = decodeId(param);
    if (!decoded || decoded.kind !== 'notification') throw recordNotFound();
    return decoded.uuid;
  }
  const uuid = /^[a-z_.]+-([0-9a-f-]{36})$/.exec(param)?.[1];
  if (!uuid) throw recordNotFound();
  return uuid;
}

async function oneGroup(deps: MastodonDeps, request: FastifyRequest, actor: Actor, groupId: string) {
  const view = await notificationById(deps.store, actor.id, groupId);
  const page = view && (await notificationPage(deps, request, actor, [view]));
  if (!page?.views[0]) throw recordNotFound();
  return page;
}

export async function notificationRoutes(app: FastifyInstance, deps: MastodonDeps) {
  app.get('/api/v1/notifications', async (request, reply) => {
    const actor = await requireMember(deps, request, 'read:notifications');
    const page = await readPage(deps, request, reply, actor);
    return page.views.map((view) => notificationEntity(page, view));
  });
  app.get('/api/v2/notifications', async (request, reply) => {
    const actor = await requireMember(deps, request, 'read:notifications');
    return groupedResults(await readPage(deps, request, reply, actor));
  });

  // Realm counts up to 100 (the bell shows "99+"), as Mastodon's default limit.
  for (const path of ['/api/v1/notifications/unread_count', '/api/v2/notifications/unread_count']) {
    app.get(path, async (request) => {
      const actor = await requireMember(deps, request, 'read:notifications');
      return unreadCount(deps.store, actor.id);
    });
  }

  app.get('/api/v1/notifications/:id', async (request) => {
    const actor = await requireMember(deps, request, 'read:notifications');
    const page = await oneGroup(deps, request, actor, groupIdOf(request, 'id'));
    return notificationEntity(page, page.views[0]!);
  });
  app.get('/api/v2/notifications/:group_key', async (request) => {
    const actor = await requireMember(deps, request, 'read:notifications');
    return groupedResults(await oneGroup(deps, request, actor, groupIdOf(request, 'group_key')));
  });

  app.post('/api/v1/notifications/clear', async (request) => {
    const actor = await requireMember(deps, request, 'write:notifications');
    await dismissNotifications(deps.store, actor, null);
    return {};
  });
  // Dismissing what is not there (already dismissed, or never the caller's) is done all the same.
  app.post('/api/v1/notifications/:id/dismiss', async (request) => {
    const actor = await requireMember(deps, request, 'write:notifications');
    await dismissNotifications(deps.store, actor, groupIdOf(request, 'id'));
    return {};
  });
  app.post('/api/v2/notifications/:group_key/dismiss', async (request) => {
    const actor = await requireMember(deps, request, 'write:notifications');
    await dismissNotifications(deps.store, actor, groupIdOf(request, 'group_key'));
    return {};
  });
}
