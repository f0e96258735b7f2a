import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { postContent } from '../../shared/schemas.js';
import { posts } from '../db/schema.js';
import { findUserIdByUsername } from '../domain/auth.js';
import { messages, notFound } from '../domain/errors.js';
import { createPost, deletePost, dislikePost, editPost, likePost } from '../domain/posts.js';
import { legacyPost, legacyPosts } from './post-views.js';
import { actorOf, params, parse, textPayload, type RestDeps } from './request.js';

// Spec section 7: every post write answers 201 with the whole list of posts.
export function postRoutes(app: FastifyInstance, deps: RestDeps) {
  const { db } = deps;
  const allPosts = () => ({ posts: legacyPosts(db) });

  app.get('/posts', async () => allPosts());

  app.get('/posts/:postId', async (request) => ({ post: legacyPost(db, params(request).postId!) }));

  app.get('/posts/user/:username', async (request) => {
    const authorId = findUserIdByUsername(db, params(request).username!);
    if (!authorId) throw notFound(messages.userNotFound);
    return { posts: legacyPosts(db, eq(posts.authorId, authorId)) };
  });

  app.post('/posts', async (request, reply) => {
    const actor = await actorOf(deps, request);
    createPost(db, actor, parse(postContent, textPayload(request, 'postData', 'content')));
    return reply.code(201).send(allPosts());
  });

  app.post('/posts/edit/:postId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    editPost(
      db,
      actor,
      params(request).postId!,
      parse(postContent, textPayload(request, 'postData', 'content')),
    );
    return reply.code(201).send(allPosts());
  });

  app.delete('/posts/:postId', async (request, reply) => {
    deletePost(db, await actorOf(deps, request), params(request).postId!);
    return reply.code(201).send(allPosts());
  });

  app.post('/posts/like/:postId', async (request, reply) => {
    likePost(db, await actorOf(deps, request), params(request).postId!);
    return reply.code(201).send(allPosts());
  });

  app.post('/posts/dislike/:postId', async (request, reply) => {
    dislikePost(db, await actorOf(deps, request), params(request).postId!);
    return reply.code(201).send(allPosts());
  });
}
