import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { postContent } from '../../shared/schemas.js';
import { findUserIdByUsername } from '../domain/auth.js';
import { messages, notFound } from '../domain/errors.js';
import { createPost, deletePost, dislikePost, editPost, likePost } from '../domain/posts.js';
import { beforeOf, buildFor, sendList } from './list-answer.js';
import { legacyPostJson, legacyPosts } from './post-views.js';
import { actorOf, params, parse, refuseHeldMember, sendJson, textPayload, type RestDeps } from './request.js';

// Spec section 7: every post write answers 201 with the list of posts, here its newest page (list-page.ts).
// Posts carry no bookmarks, so the list is the same for every caller: a write's answer and the GETs after it
// share one kept answer (list-cache.ts).
export function postRoutes(app: FastifyInstance, deps: RestDeps) {
  const { store, legacyListLimit: limit, listCache } = deps;
  const postsPath = `${app.prefix}/posts`;
  const posts = async (request: FastifyRequest, reply: FastifyReply, status: number, before?: string) => {
    const answer = await listCache.get(JSON.stringify(['posts', before]), () =>
      buildFor(request, () => legacyPosts(store, limit, { before })),
    );
    return sendList(request, reply, status, answer, postsPath);
  };

  app.get('/posts', async (request, reply) => {
    await refuseHeldMember(deps, request);
    return posts(request, reply, 200, beforeOf(request));
  });

  app.get('/posts/:postId', async (request, reply) => {
    await refuseHeldMember(deps, request);
    return sendJson(reply, 200, `{"post":${await legacyPostJson(store, params(request).postId!)}}`);
  });

  app.get('/posts/user/:username', async (request, reply) => {
    await refuseHeldMember(deps, request);
    const { username } = params(request);
    const authorId = await findUserIdByUsername(store, username!);
    if (!authorId) throw notFound(messages.userNotFound);
    const before = beforeOf(request);
    const answer = await listCache.get(JSON.stringify(['posts by', authorId, before]), () =>
      buildFor(request, () => legacyPosts(store, limit, { authorId, before })),
    );
    return sendList(request, reply, 200, answer, `${postsPath}/user/${encodeURIComponent(username!)}`);
  });

  app.post('/posts', async (request, reply) => {
    const actor = await actorOf(deps, request);
    await createPost(store, actor, parse(postContent, textPayload(request, 'postData', 'content')));
    return posts(request, reply, 201);
  });

  app.post('/posts/edit/:postId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    await editPost(
      store,
      actor,
      params(request).postId!,
      parse(postContent, textPayload(request, 'postData', 'content')),
    );
    return posts(request, reply, 201);
  });

  app.delete('/posts/:postId', async (request, reply) => {
    await deletePost(store, await actorOf(deps, request), params(request).postId!);
    return posts(request, reply, 201);
  });

  app.post('/posts/like/:postId', async (request, reply) => {
    await likePost(store, await actorOf(deps, request), params(request).postId!);
    return posts(request, reply, 201);
  });

  app.post('/posts/dislike/:postId', async (request, reply) => {
    await dislikePost(store, await actorOf(deps, request), params(request).postId!);
    return posts(request, reply, 201);
  });
}
