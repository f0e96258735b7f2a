import { usernameInput } from '../../../shared/community-schemas.js';
import { relate, relationsOf, unrelate } from '../../domain/relations.js';
import { protectedProcedure, router } from '../init.js';

const ok = { ok: true as const };

// Block and mute, listed and undone in /settings.
export const relationsRouter = router({
  list: protectedProcedure.query(({ ctx }) => relationsOf(ctx.store, ctx.actor)),
  block: protectedProcedure.input(usernameInput).mutation(async ({ ctx, input }) => {
    await relate(ctx.store, ctx.actor, 'block', input.username);
    return ok;
  }),
  unblock: protectedProcedure.input(usernameInput).mutation(async ({ ctx, input }) => {
    await unrelate(ctx.store, ctx.actor, 'block', input.username);
    return ok;
  }),
  mute: protectedProcedure.input(usernameInput).mutation(async ({ ctx, input }) => {
    await relate(ctx.store, ctx.actor, 'mute', input.username);
    return ok;
  }),
  unmute: protectedProcedure.input(usernameInput).mutation(async ({ ctx, input }) => {
    await unrelate(ctx.store, ctx.actor, 'mute', input.username);
    return ok;
  }),
});
