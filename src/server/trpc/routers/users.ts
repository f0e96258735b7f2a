import { z } from 'zod';
import { lookupUsername, profileFields } from '../../../shared/schemas.js';
import { profileById, profileByUsername, whoToFollow } from '../../domain/people.js';
import { editProfile } from '../../domain/profile.js';
import { protectedProcedure, publicProcedure, router } from '../init.js';

export const usersRouter = router({
  byUsername: publicProcedure
    .input(z.object({ username: lookupUsername }))
    .query(({ ctx, input }) => profileByUsername(ctx.store, ctx.viewerId, input.username)),
  me: protectedProcedure.query(({ ctx }) => profileById(ctx.store, ctx.actor.id, ctx.actor.id)),
  whoToFollow: protectedProcedure.query(({ ctx }) => whoToFollow(ctx.store, ctx.actor.id)),
  editProfile: protectedProcedure.input(profileFields).mutation(async ({ ctx, input }) => {
    await editProfile(ctx.store, ctx.actor, input);
    return profileById(ctx.store, ctx.actor.id, ctx.actor.id);
  }),
});
