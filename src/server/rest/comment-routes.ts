import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commentText } from '../../shared/schemas.js';
import { requirePost } from '../domain/posts.js';
import { addComment, deleteComment, editComment, voteComment } from '../domain/comments.js';
import { legacyComments } from './post-views.js';
import { actorOf, params, parse, textPayload, type RestDeps } from './request.js';

// Spec section 7: every comment write answers 201 with that post's comments.
export function commentRoutes(app: FastifyInstance, deps: RestDeps) {
  const { db } = deps;
  const commentsOf = (postId: string) => ({ comments: legacyComments(db, postId) });
  const text = (request: FastifyRequest) => parse(commentText, textPayload(request, 'commentData', 'text'));

  app.get('/comments/:postId', async (request) => {
    const { postId } = params(request);
    requirePost(db, postId!);
    return commentsOf(postId!);
  });

  app.post('/comments/add/:postId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    const { postId } = params(request);
    addComment(db, actor, postId!, text(request));
    return reply.code(201).send(commentsOf(postId!));
  });

  app.post('/comments/edit/:postId/:commentId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    const { postId, commentId } = params(request);
    editComment(db, actor, postId!, commentId!, text(request));
    return reply.code(201).send(commentsOf(postId!));
  });

  app.post('/comments/delete/:postId/:commentId', async (request, reply) => {
    const { postId, commentId } = params(request);
    deleteComment(db, await actorOf(deps, request), postId!, commentId!);
    return reply.code(201).send(commentsOf(postId!));
  });

  for (const kind of ['up', 'down'] as const) {
    app.post(`/comments/${kind}vote/:postId/:commentId`, async (request, reply) => {
      const { postId, commentId } = params(request);
      voteComment(db, await actorOf(deps, request), postId!, commentId!, kind);
      return reply.code(201).send(commentsOf(postId!));
    });
  }
}
