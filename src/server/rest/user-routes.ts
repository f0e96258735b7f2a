import type { FastifyInstance } from 'fastify';
import { profileFields } from '../../shared/schemas.js';
import { addBookmark, bookmarkedPostIds, removeBookmark } from '../domain/bookmarks.js';
import { badRequest } from '../domain/errors.js';
import { follow, unfollow } from '../domain/follow.js';
import { editProfile } from '../domain/profile.js';
import { actorOf, bodyOf, params, parse, type RestDeps } from './request.js';
import { legacyUser, legacyUserByUsername, legacyUsers } from './user-views.js';

export function userRoutes(app: FastifyInstance, deps: RestDeps) {
  const { db } = deps;

  app.get('/users', async () => ({ users: legacyUsers(db) }));

  // A static route: find-my-way prefers it to /users/:username, so the bookmarks answer (PRODUCT.md).
  app.get('/users/bookmark', async (request) => {
    const actor = await actorOf(deps, request);
    return { bookmarks: bookmarkedPostIds(db, actor.id) };
  });

  // Spec section 7: the parameter is matched against the username.
  app.get('/users/:username', async (request) => ({
    user: legacyUserByUsername(db, params(request).username!),
  }));

  app.post('/users/edit', async (request, reply) => {
    const actor = await actorOf(deps, request);
    const userData = bodyOf(request).userData;
    if (!userData || typeof userData !== 'object' || Array.isArray(userData)) {
      throw badRequest('userData is required: an object with the fields to change.');
    }
    editProfile(db, actor, parse(profileFields, userData));
    return reply.code(201).send({ user: legacyUser(db, actor.id) });
  });

  app.post('/users/bookmark/:postId', async (request) => {
    const actor = await actorOf(deps, request);
    addBookmark(db, actor, params(request).postId!);
    return { bookmarks: bookmarkedPostIds(db, actor.id) };
  });

  app.post('/users/remove-bookmark/:postId', async (request) => {
    const actor = await actorOf(deps, request);
    removeBookmark(db, actor, params(request).postId!);
    return { bookmarks: bookmarkedPostIds(db, actor.id) };
  });

  // Spec section 7: the follow id is the target's _id; both users come back.
  for (const [path, change] of [
    ['follow', follow],
    ['unfollow', unfollow],
  ] as const) {
    app.post(`/users/${path}/:followUserId`, async (request) => {
      const actor = await actorOf(deps, request);
      const { followUserId } = params(request);
      change(db, actor, followUserId!);
      return { user: legacyUser(db, actor.id), followUser: legacyUser(db, followUserId!) };
    });
  }
}
