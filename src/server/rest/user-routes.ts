import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { profileFields } from '../../shared/schemas.js';
import { addBookmark, removeBookmark } from '../domain/bookmarks.js';
import { badRequest } from '../domain/errors.js';
import { follow, unfollow } from '../domain/follow.js';
import { editProfile } from '../domain/profile.js';
import { beforeOf, buildFor, sendList } from './list-answer.js';
import { actorOf, bodyOf, params, parse, viewerOf, type RestDeps } from './request.js';
import {
  hasBookmarks,
  legacyBookmarks,
  legacyUser,
  legacyUserByUsername,
  legacyUsers,
} from './user-views.js';

// docs/differences-from-the-mock.md item 11: a user object carries `bookmarks` only for its owner, so what a
// public read answers depends on the token that came with it (`Vary`).
export function userRoutes(app: FastifyInstance, deps: RestDeps) {
  const bookmarksOf = async (request: FastifyRequest, reply: FastifyReply, userId: string, before?: string) =>
    sendList(
      request,
      reply,
      200,
      await buildFor(request, () => legacyBookmarks(deps, userId, before)),
      `${app.prefix}/users/bookmark`,
    );

  // The list is the same for every caller but one who has bookmarks: that answer is built for them alone,
  // the others' is kept (list-cache.ts).
  app.get('/users', async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    const before = beforeOf(request);
    const answer =
      viewer && (await hasBookmarks(deps, viewer))
        ? await buildFor(request, () => legacyUsers(deps, viewer, before))
        : await deps.listCache.get(JSON.stringify(['users', before]), () =>
            buildFor(request, () => legacyUsers(deps, null, before)),
          );
    return sendList(request, reply.header('vary', 'authorization'), 200, answer, `${app.prefix}/users`);
  });

  // A static route: find-my-way prefers it to /users/:username, so the bookmarks answer
  // (docs/differences-from-the-mock.md item 9).
  app.get('/users/bookmark', async (request, reply) => {
    const actor = await actorOf(deps, request);
    return bookmarksOf(request, reply, actor.id, beforeOf(request));
  });

  // Spec section 7: the parameter is matched against the username.
  app.get('/users/:username', async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    reply.header('vary', 'authorization');
    return { user: await legacyUserByUsername(deps, params(request).username!, viewer) };
  });

  app.post('/users/edit', async (request, reply) => {
    const actor = await actorOf(deps, request);
    const userData = bodyOf(request).userData;
    if (!userData || typeof userData !== 'object' || Array.isArray(userData)) {
      throw badRequest('userData is required: an object with the fields to change.');
    }
    await editProfile(deps.store, actor, parse(profileFields, userData));
    return reply.code(201).send({ user: await legacyUser(deps, actor.id, actor.id) });
  });

  app.post('/users/bookmark/:postId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    await addBookmark(deps.store, actor, params(request).postId!);
    return bookmarksOf(request, reply, actor.id);
  });

  app.post('/users/remove-bookmark/:postId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    await removeBookmark(deps.store, actor, params(request).postId!);
    return bookmarksOf(request, reply, actor.id);
  });

  // Spec section 7: the follow id is the target's _id; both users come back, `user` being the caller.
  for (const [path, change] of [
    ['follow', follow],
    ['unfollow', unfollow],
  ] as const) {
    app.post(`/users/${path}/:followUserId`, async (request) => {
      const actor = await actorOf(deps, request);
      const { followUserId } = params(request);
      await change(deps.store, actor, followUserId!);
      return {
        user: await legacyUser(deps, actor.id, actor.id),
        followUser: await legacyUser(deps, followUserId!, actor.id),
      };
    });
  }
}
