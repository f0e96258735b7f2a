import { addPasskeyInput, removePasskeyInput } from '../../../shared/second-factor-schemas.js';
import { instanceSettings } from '../../domain/instance-settings.js';
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  passkeyList,
  relyingParty,
  removePasskey,
} from '../../domain/passkeys.js';
import type { Context } from '../context.js';
import { protectedProcedure, router } from '../init.js';

/** REALM_PUBLIC_URL's host, else the request's, under the instance's name. */
export async function relyingPartyOf(ctx: Context) {
  const { name } = await instanceSettings(ctx.store, ctx.registrationDefault);
  return relyingParty(ctx.publicOrigin, ctx.requestOrigin, name);
}

// Settings, "Passkeys" (docs/web-app.md): the member's passkeys, adding one (signed in, with the password
// again) and removing one.
export const passkeysRouter = router({
  list: protectedProcedure.query(({ ctx }) => passkeyList(ctx.store, ctx.actor)),
  beginAdd: protectedProcedure.mutation(async ({ ctx }) =>
    beginPasskeyRegistration(ctx.store, ctx.factors, ctx.actor, await relyingPartyOf(ctx)),
  ),
  add: protectedProcedure
    .input(addPasskeyInput)
    .mutation(async ({ ctx, input }) =>
      finishPasskeyRegistration(
        ctx.store,
        ctx.factors,
        ctx.actor,
        await relyingPartyOf(ctx),
        input,
        ctx.signInLimits,
      ),
    ),
  remove: protectedProcedure.input(removePasskeyInput).mutation(async ({ ctx, input }) => {
    await removePasskey(ctx.store, ctx.actor, input.id);
    return { ok: true as const };
  }),
});
