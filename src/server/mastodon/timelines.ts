import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tag } from '../../shared/schemas.js';
import { DomainError } from '../domain/errors.js';
import { optionalMember, requireMember } from './caller.js';
import { originOf, type MastodonDeps } from './deps.js';
import { isUuid, type IdKind } from './ids.js';
import { pageQuery } from './paging.js';
import { sendTimeline, type FeedRead } from './timeline-reader.js';

// Timelines (docs/mastodon-api.md, "Statuses and timelines"): each is one of Realm's feeds, read with its
// visibility rules (block, mute, suspension) as the web app reads it.

const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1');
const timelineQuery = z.looseObject({
  only_media: flag,
  remote: flag,
  pinned: flag,
});
const flagsOf = (query: unknown) => timelineQuery.parse(query ?? {});

/** The folded tag of the path; one that no post could carry is no page at all. */
function hashtagOf(params: unknown): string {
  const parsed = z.object({ hashtag: tag }).safeParse(params);
  if (!parsed.success) throw new DomainError(404, 'Record not found', 'NOT_FOUND');
  return parsed.data.hashtag;
}

export function timelineRoutes(app: FastifyInstance, deps: MastodonDeps) {
  const { store } = deps;
  const send = (
    request: Parameters<typeof pageQuery>[0],
    reply: Parameters<typeof sendTimeline>[2],
    viewerId: string | null,
    read: FeedRead,
    onlyMedia = false,
    linkKind?: IdKind,
  ) =>
    sendTimeline(deps, request, reply, {
      viewerId,
      origin: originOf(deps, request),
      page: pageQuery(request),
      read,
      onlyMedia,
      linkKind,
    });

  // Latest, with boosts as reblogs: the web app's home feed.
  app.get('/api/v1/timelines/home', async (request, reply) => {
    const viewer = await requireMember(deps, request, 'read:statuses');
    return send(request, reply, viewer.id, (key) => store.read.feeds.home(viewer.id, 'latest', key));
  });

  // Realm has only local posts: `local` changes nothing, and `remote` (other servers only) is empty.
  app.get('/api/v1/timelines/public', async (request, reply) => {
    const viewer = await optionalMember(deps, request, 'read:statuses');
    const flags = flagsOf(request.query);
    pageQuery(request);
    if (flags.remote) return [];
    const viewerId = viewer?.id ?? null;
    return send(request, reply, viewerId, (key) => store.read.feeds.explore(viewerId, key), flags.only_media);
  });

  app.get('/api/v1/timelines/tag/:hashtag', async (request, reply) => {
    const viewer = await optionalMember(deps, request, 'read:statuses');
    const flags = flagsOf(request.query);
    const hashtag = hashtagOf(request.params);
    pageQuery(request);
    if (flags.remote) return [];
    const viewerId = viewer?.id ?? null;
    const read: FeedRead = (key) => store.read.feeds.byTag(viewerId, hashtag, key);
    return send(request, reply, viewerId, read, flags.only_media);
  });

  // Most recently bookmarked first: the Link header's ids are bookmark times, as Mastodon's are its own.
  app.get('/api/v1/bookmarks', async (request, reply) => {
    const viewer = await requireMember(deps, request, 'read:bookmarks');
    return send(request, reply, viewer.id, (key) => store.read.feeds.bookmarks(viewer.id, key));
  });

  // Most recently liked first: the Link header's ids are favourites (the like's time and the post), opaque
  // to apps as Mastodon's are.
  app.get('/api/v1/favourites', async (request, reply) => {
    const viewer = await requireMember(deps, request, 'read:favourites');
    return send(
      request,
      reply,
      viewer.id,
      (key) => store.read.feeds.likes(viewer.id, key),
      false,
      'favourite',
    );
  });

  // An account's posts, newest first. Its comments are not among them (docs/mastodon-api.md), and Realm
  // pins nothing.
  app.get('/api/v1/accounts/:id/statuses', async (request, reply) => {
    const viewer = await optionalMember(deps, request, 'read:statuses');
    const flags = flagsOf(request.query);
    const { id } = request.params as { id: string };
    pageQuery(request);
    if (!isUuid(id) || !(await store.read.members.exists(id))) {
      throw new DomainError(404, 'Record not found', 'NOT_FOUND');
    }
    if (flags.pinned) return [];
    const viewerId = viewer?.id ?? null;
    const read: FeedRead = (key) => store.read.feeds.byAuthor(viewerId, id, key);
    return send(request, reply, viewerId, read, flags.only_media);
  });
}
