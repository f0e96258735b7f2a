import { z } from 'zod';
import { commentText, cursor, id } from '../../../shared/schemas.js';
import { commentsPage } from '../../domain/comment-views.js';
import { commentHistory } from '../../domain/edit-history.js';
import { addComment, deleteComment, editComment, voteComment } from '../../domain/comments.js';
import { postCard } from '../../domain/post-cards.js';
import { protectedProcedure, publicProcedure, router } from '../init.js';

const commentRef = z.object({ postId: id, commentId: id });

// Comment writes answer the post's card: its comment count and latest comments are what changed on screen.
export const commentsRouter = router({
  list: publicProcedure
    .input(z.object({ postId: id, cursor }))
    .query(({ ctx, input }) => commentsPage(ctx.store, ctx.viewerId, input.postId, input.cursor)),
  history: publicProcedure
    .input(commentRef)
    .query(({ ctx, input }) => commentHistory(ctx.store, ctx.viewerId, input.postId, input.commentId)),
  add: protectedProcedure
    .input(z.object({ postId: id, text: commentText }))
    .mutation(async ({ ctx, input }) => {
      await addComment(ctx.store, ctx.actor, input.postId, input.text);
      return postCard(ctx.store, ctx.actor.id, input.postId);
    }),
  edit: protectedProcedure
    .input(commentRef.extend({ text: commentText }))
    .mutation(async ({ ctx, input }) => {
      await editComment(ctx.store, ctx.actor, input.postId, input.commentId, input.text);
      return postCard(ctx.store, ctx.actor.id, input.postId);
    }),
  delete: protectedProcedure.input(commentRef).mutation(async ({ ctx, input }) => {
    await deleteComment(ctx.store, ctx.actor, input.postId, input.commentId);
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
  upvote: protectedProcedure.input(commentRef).mutation(async ({ ctx, input }) => {
    await voteComment(ctx.store, ctx.actor, input.postId, input.commentId, 'up');
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
  downvote: protectedProcedure.input(commentRef).mutation(async ({ ctx, input }) => {
    await voteComment(ctx.store, ctx.actor, input.postId, input.commentId, 'down');
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
});
