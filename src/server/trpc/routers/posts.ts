import { z } from 'zod';
import { postCreateInput, postEditInput } from '../../../shared/media-schemas.js';
import { cursor, feedMode, id, lookupUsername, tag } from '../../../shared/schemas.js';
import { boostPost, unboostPost } from '../../domain/boosts.js';
import { postHistory } from '../../domain/edit-history.js';
import { postQuotesInput, postSetPolicyInput } from '../../../shared/answer-schemas.js';
import { setPostPolicy } from '../../domain/answer-policies.js';
import {
  explorePage,
  homeFeedPage,
  postCard,
  quotesPage,
  tagPage,
  userPostsPage,
} from '../../domain/post-cards.js';
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

  // `media` lists the post's pictures in order (uploads from POST /media); left out, an edit keeps them.
  create: protectedProcedure.input(postCreateInput).mutation(async ({ ctx, input }) => {
    const pictures = input.media && { media: input.media, perPost: ctx.mediaPerPost };
    const { commentPolicy, quotePolicy, quoteOf } = input;
    const newId = await createPost(ctx.store, ctx.actor, input.content, pictures, {
      commentPolicy,
      quotePolicy,
      quoteOf,
    });
    return postCard(ctx.store, ctx.actor.id, newId);
  }),
  // Who may comment on and quote the post (docs/decisions/0010-quotes-and-answer-policies.md): its author.
  setPolicy: protectedProcedure.input(postSetPolicyInput).mutation(async ({ ctx, input }) => {
    await setPostPolicy(ctx.store, ctx.actor, input.postId, input);
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
  quotes: publicProcedure
    .input(postQuotesInput)
    .query(({ ctx, input }) => quotesPage(ctx.store, ctx.viewerId, input.postId, input.cursor)),
  edit: protectedProcedure.input(postEditInput).mutation(async ({ ctx, input }) => {
    const pictures = input.media && { media: input.media, perPost: ctx.mediaPerPost };
    await editPost(ctx.store, ctx.actor, input.postId, input.content, pictures);
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
  boost: protectedProcedure.input(postId).mutation(async ({ ctx, input }) => {
    await boostPost(ctx.store, ctx.actor, input.postId);
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
  unboost: protectedProcedure.input(postId).mutation(async ({ ctx, input }) => {
    await unboostPost(ctx.store, ctx.actor, input.postId);
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
});
