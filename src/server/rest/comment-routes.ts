import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commentText } from '../../shared/schemas.js';
import { requirePost } from '../domain/posts.js';
import { addComment, deleteComment, editComment, voteComment } from '../domain/comments.js';
import { legacyCommentsJson } from './post-views.js';
import { actorOf, params, parse, sendJson, textPayload, type RestDeps } from './request.js';

// Spec section 7: every comment write answers 201 with that post's comments.
export function commentRoutes(app: FastifyInstance, deps: RestDeps) {
  const { db } = deps;
  const commentsOf = (reply: FastifyReply, status: number, postId: string) =>
    sendJson(reply, status, `{"comments":${legacyCommentsJson(db, postId)}}`);
  const text = (request: FastifyRequest) => parse(commentText, textPayload(request, 'commentData', 'text'));

  app.get('/comments/:postId', async (request, reply) => {
    const { postId } = params(request);
    requirePost(db, postId!);
    return commentsOf(reply, 200, postId!);
  });

  app.post('/comments/add/:postId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    const { postId } = params(request);
    addComment(db, actor, postId!, text(request));
    return commentsOf(reply, 201, postId!);
  });

  app.post('/comments/edit/:postId/:commentId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    const { postId, commentId } = params(request);
    editComment(db, actor, postId!, commentId!, text(request));
    return commentsOf(reply, 201, postId!);
  });

  app.post('/comments/delete/:postId/:commentId', async (request, reply) => {
    const { postId, commentId } = params(request);
    deleteComment(db, await actorOf(deps, request), postId!, commentId!);
    return commentsOf(reply, 201, postId!);
  });

  for (const kind of ['up', 'down'] as const) {
    app.post(`/comments/${kind}vote/:postId/:commentId`, async (request, reply) => {
      const { postId, commentId } = params(request);
      voteComment(db, await actorOf(deps, request), postId!, commentId!, kind);
      return commentsOf(reply, 201, postId!);
    });
  }
}
