import { z } from 'zod';
import { cursor, feedMode, id, lookupUsername, postContent, tag } from '../../../shared/schemas.js';
import { postHistory } from '../../domain/edit-history.js';
import { explorePage, homeFeedPage, postCard, tagPage, userPostsPage } from '../../domain/post-cards.js';
import { createPost, deletePost, dislikePost, editPost, likePost } from '../../domain/posts.js';
import { protectedProcedure, publicProcedure, router } from '../init.js';

const postId = z.object({ postId: id });

// Writes answer the post as a card shows it, so the client can put it in place without a refetch.
export const postsRouter = router({
  feed: protectedProcedure
    .input(z.object({ mode: feedMode.default('latest'), cursor }))
    .query(({ ctx, input }) => homeFeedPage(ctx.store, ctx.actor.id, input)),
  explore: publicProcedure
    .input(z.object({ cursor }))
    .query(({ ctx, input }) => explorePage(ctx.store, ctx.viewerId, input.cursor)),
  byUser: publicProcedure
    .input(z.object({ username: lookupUsername, cursor }))
    .query(({ ctx, input }) => userPostsPage(ctx.store, ctx.viewerId, input.username, input.cursor)),
  byTag: publicProcedure
    .input(z.object({ tag, cursor }))
    .query(({ ctx, input }) => tagPage(ctx.store, ctx.viewerId, input.tag, input.cursor)),
  byId: publicProcedure
    .input(postId)
    .query(({ ctx, input }) => postCard(ctx.store, ctx.viewerId, input.postId)),
  history: publicProcedure
    .input(postId)
    .query(({ ctx, input }) => postHistory(ctx.store, ctx.viewerId, input.postId)),

  create: protectedProcedure.input(z.object({ content: postContent })).mutation(async ({ ctx, input }) => {
    const newId = await createPost(ctx.store, ctx.actor, input.content);
    return postCard(ctx.store, ctx.actor.id, newId);
  }),
  edit: protectedProcedure
    .input(z.object({ postId: id, content: postContent }))
    .mutation(async ({ ctx, input }) => {
      await editPost(ctx.store, ctx.actor, input.postId, input.content);
      return postCard(ctx.store, ctx.actor.id, input.postId);
    }),
  delete: protectedProcedure.input(postId).mutation(async ({ ctx, input }) => {
    await deletePost(ctx.store, ctx.actor, input.postId);
    return { postId: input.postId };
  }),
  like: protectedProcedure.input(postId).mutation(async ({ ctx, input }) => {
    await likePost(ctx.store, ctx.actor, input.postId);
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
  dislike: protectedProcedure.input(postId).mutation(async ({ ctx, input }) => {
    await dislikePost(ctx.store, ctx.actor, input.postId);
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
});
