import { z } from 'zod';
import { createInviteInput, inviteCode } from '../../../shared/community-schemas.js';
import { createInvite, listInvites, revokeInvite } from '../../domain/invites.js';
import { protectedProcedure, router } from '../init.js';

// Invite codes for registration "invite".
export const invitesRouter = router({
  list: protectedProcedure.query(({ ctx }) => listInvites(ctx.store, ctx.actor)),
  create: protectedProcedure
    .input(createInviteInput)
    .mutation(({ ctx, input }) => createInvite(ctx.store, ctx.actor, input)),
  revoke: protectedProcedure.input(z.object({ code: inviteCode })).mutation(async ({ ctx, input }) => {
    await revokeInvite(ctx.store, ctx.actor, input.code);
    return { ok: true as const };
  }),
});
