import { z } from 'zod';
import { id } from '../../../shared/schemas.js';
import { follow, unfollow } from '../../domain/follow.js';
import { profileById } from '../../domain/people.js';
import { protectedProcedure, router } from '../init.js';

const target = z.object({ userId: id });

// Both answer the followed member's profile as I now see it (their follower count, followedByMe).
export const followRouter = router({
  follow: protectedProcedure.input(target).mutation(({ ctx, input }) => {
    follow(ctx.db, ctx.actor, input.userId);
    return profileById(ctx.db, ctx.actor.id, input.userId);
  }),
  unfollow: protectedProcedure.input(target).mutation(({ ctx, input }) => {
    unfollow(ctx.db, ctx.actor, input.userId);
    return profileById(ctx.db, ctx.actor.id, input.userId);
  }),
});
