import { z } from 'zod';
import { cursor, id } from '../../../shared/schemas.js';
import { addBookmark, removeBookmark } from '../../domain/bookmarks.js';
import { bookmarksPage, postCard } from '../../domain/post-cards.js';
import { protectedProcedure, router } from '../init.js';

export const bookmarksRouter = router({
  list: protectedProcedure
    .input(z.object({ cursor }))
    .query(({ ctx, input }) => bookmarksPage(ctx.store, ctx.actor.id, input.cursor)),
  add: protectedProcedure.input(z.object({ postId: id })).mutation(async ({ ctx, input }) => {
    await addBookmark(ctx.store, ctx.actor, input.postId);
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
  remove: protectedProcedure.input(z.object({ postId: id })).mutation(async ({ ctx, input }) => {
    await removeBookmark(ctx.store, ctx.actor, input.postId);
    return postCard(ctx.store, ctx.actor.id, input.postId);
  }),
});
