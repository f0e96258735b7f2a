import { confirmTotpInput, disableTotpInput } from '../../../shared/second-factor-schemas.js';
import { instanceSettings } from '../../domain/instance-settings.js';
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  disableTotp,
  secondFactorStatus,
} from '../../domain/second-factor.js';
import { protectedProcedure, router } from '../init.js';

// Settings, "Two-factor authentication" (docs/web-app.md): the factor's state, setting it up and turning
// it off. Each password typed here counts toward the account's login throttle (sign-in-limits.ts).
export const secondFactorRouter = router({
  status: protectedProcedure.query(({ ctx }) => secondFactorStatus(ctx.store, ctx.actor)),
  /** The secret, its otpauth:// address and QR code, shown this once; nothing is kept until confirm. */
  begin: protectedProcedure.mutation(async ({ ctx }) => {
    const { name } = await instanceSettings(ctx.store, ctx.registrationDefault);
    return beginTotpEnrolment(ctx.store, ctx.factors, ctx.actor, name);
  }),
  confirm: protectedProcedure
    .input(confirmTotpInput)
    .mutation(({ ctx, input }) =>
      confirmTotpEnrolment(ctx.store, ctx.factors, ctx.actor, input, ctx.signInLimits),
    ),
  disable: protectedProcedure.input(disableTotpInput).mutation(async ({ ctx, input }) => {
    await disableTotp(ctx.store, ctx.factors, ctx.actor, input, ctx.signInLimits);
    return { ok: true as const };
  }),
});
