import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commentText } from '../../shared/schemas.js';
import { requireVisiblePost } from '../domain/posts.js';
import { addComment, deleteComment, editComment, voteComment } from '../domain/comments.js';
import { beforeOf, buildFor, sendList } from './list-answer.js';
import { legacyComments } from './post-views.js';
import { actorOf, params, parse, refuseHeldMember, textPayload, type RestDeps } from './request.js';

// Spec section 7: every comment write answers 201 with that post's comments, here their newest page, kept
// for the GETs after it as for every caller (list-cache.ts).
export function commentRoutes(app: FastifyInstance, deps: RestDeps) {
  const { store, legacyListLimit: limit, listCache } = deps;
  const commentsOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    postId: string,
    before?: string,
  ) => {
    const answer = await listCache.get(JSON.stringify(['comments', postId, before]), () =>
      buildFor(request, () => legacyComments(store, limit, postId, before)),
    );
    return sendList(request, reply, status, answer, `${app.prefix}/comments/${encodeURIComponent(postId)}`);
  };
  const text = (request: FastifyRequest) => parse(commentText, textPayload(request, 'commentData', 'text'));

  app.get('/comments/:postId', async (request, reply) => {
    await refuseHeldMember(deps, request);
    const { postId } = params(request);
    // The list is the same for every caller, so as for a reader with no blocks or mutes: the post of a
    // suspended member is not found, as on tRPC's post page.
    await requireVisiblePost(store, null, postId!);
    return commentsOf(request, reply, 200, postId!, beforeOf(request));
  });

  app.post('/comments/add/:postId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    const { postId } = params(request);
    await addComment(store, actor, postId!, text(request));
    return commentsOf(request, reply, 201, postId!);
  });

  app.post('/comments/edit/:postId/:commentId', async (request, reply) => {
    const actor = await actorOf(deps, request);
    const { postId, commentId } = params(request);
    await editComment(store, actor, postId!, commentId!, text(request));
    return commentsOf(request, reply, 201, postId!);
  });

  app.post('/comments/delete/:postId/:commentId', async (request, reply) => {
    const { postId, commentId } = params(request);
    await deleteComment(store, await actorOf(deps, request), postId!, commentId!);
    return commentsOf(request, reply, 201, postId!);
  });

  for (const kind of ['up', 'down'] as const) {
    app.post(`/comments/${kind}vote/:postId/:commentId`, async (request, reply) => {
      const { postId, commentId } = params(request);
      await voteComment(store, await actorOf(deps, request), postId!, commentId!, kind);
      return commentsOf(request, reply, 201, postId!);
    });
  }
}
