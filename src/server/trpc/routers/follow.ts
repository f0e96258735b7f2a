import { z } from 'zod';
import { id } from '../../../shared/schemas.js';
import { setBoostsHidden } from '../../domain/boosts.js';
import { follow, unfollow } from '../../domain/follow.js';
import { profileById } from '../../domain/people.js';
import { protectedProcedure, router } from '../init.js';

const target = z.object({ userId: id });

// Both answer the followed member's profile as I now see it (their follower count, followedByMe).
export const followRouter = router({
  follow: protectedProcedure.input(target).mutation(async ({ ctx, input }) => {
    await follow(ctx.store, ctx.actor, input.userId);
    return profileById(ctx.store, ctx.actor.id, input.userId);
  }),
  unfollow: protectedProcedure.input(target).mutation(async ({ ctx, input }) => {
    await unfollow(ctx.store, ctx.actor, input.userId);
    return profileById(ctx.store, ctx.actor.id, input.userId);
  }),
  // The profile menu's "Hide boosts" / "Show boosts" on a member I follow.
  setBoostsHidden: protectedProcedure
    .input(target.extend({ hidden: z.boolean({ error: 'hidden must be true or false.' }) }))
    .mutation(async ({ ctx, input }) => {
      await setBoostsHidden(ctx.store, ctx.actor, input.userId, input.hidden);
      return profileById(ctx.store, ctx.actor.id, input.userId);
    }),
});
