import type { FastifyInstance, FastifyReply } from 'fastify';
import { postContent } from '../../shared/schemas.js';
import { listCompression } from '../compression.js';
import { findUserIdByUsername } from '../domain/auth.js';
import { messages, notFound } from '../domain/errors.js';
import { createPost, deletePost, dislikePost, editPost, likePost } from '../domain/posts.js';
import { legacyPostJson, legacyPostsStream } from './post-views.js';
import { actorOf, params, parse, sendJson, textPayload, type RestDeps } from './request.js';

// Spec section 7: every post write answers 201 with the whole list of posts.
export function postRoutes(app: FastifyInstance, deps: RestDeps) {
  const { db } = deps;
  const list = { compress: listCompression };
  const allPosts = (reply: FastifyReply, status: number) => sendJson(reply, status, legacyPostsStream(db));

  app.get('/posts', list, async (_request, reply) => allPosts(reply, 200));

  app.get('/posts/:postId', async (request, reply) =>
    sendJson(reply, 200, `{"post":${legacyPostJson(db, params(request).postId!)}}`),
  );

  app.get('/posts/user/:username', list, async (request, reply) => {
    const authorId = findUserIdByUsername(db, params(request).username!);
    if (!authorId) throw notFound(messages.userNotFound);
    return sendJson(reply, 200, legacyPostsStream(db, authorId));
  });

  app.post('/posts', list, async (request, reply) => {
    const actor = await actorOf(deps, request);
    createPost(db, actor, parse(postContent, textPayload(request, 'postData', 'content')));
    return allPosts(reply, 201);
  });

  app.post('/posts/edit/:postId', list, async (request, reply) => {
    const actor = await actorOf(deps, request);
    editPost(
      db,
      actor,
      params(request).postId!,
      parse(postContent, textPayload(request, 'postData', 'content')),
    );
    return allPosts(reply, 201);
  });

  app.delete('/posts/:postId', list, async (request, reply) => {
    deletePost(db, await actorOf(deps, request), params(request).postId!);
    return allPosts(reply, 201);
  });

  app.post('/posts/like/:postId', list, async (request, reply) => {
    likePost(db, await actorOf(deps, request), params(request).postId!);
    return allPosts(reply, 201);
  });

  app.post('/posts/dislike/:postId', list, async (request, reply) => {
    dislikePost(db, await actorOf(deps, request), params(request).postId!);
    return allPosts(reply, 201);
  });
}
