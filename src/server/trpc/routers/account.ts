import { changePasswordInput, deleteAccountInput } from '../../../shared/community-schemas.js';
import {
  accountOf,
  changePassword,
  deleteAccount,
  exportAccount,
  signOutEverywhere,
} from '../../domain/account.js';
import { pendingAllowedProcedure, protectedProcedure, router } from '../init.js';

// The signed-in member's own account (/settings, and the waiting screen of a pending account).
export const accountRouter = router({
  me: pendingAllowedProcedure.query(({ ctx }) => accountOf(ctx.store, ctx.actor)),
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx.store, ctx.keys, ctx.actor, input, ctx.signInLimits)),
  signOutEverywhere: pendingAllowedProcedure.mutation(async ({ ctx }) => {
    await signOutEverywhere(ctx.store, ctx.actor);
    return { ok: true as const };
  }),
  delete: pendingAllowedProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    await deleteAccount(ctx.store, ctx.actor, input.password, ctx.signInLimits);
    return { ok: true as const };
  }),
  export: protectedProcedure.query(({ ctx }) =>
    exportAccount(ctx.store, ctx.actor, { publicOrigin: ctx.publicOrigin }),
  ),
});
