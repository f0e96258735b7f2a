import { authorizeRequest, revokeAppInput } from '../../../shared/oauth-schemas.js';
import {
  approveAuthorization,
  authorisedApps,
  describeAuthorization,
  revokeAuthorisedApp,
} from '../../domain/oauth.js';
import { anonymousProcedure, protectedProcedure, router } from '../init.js';

// The web app's side of signing in from an app: the consent page (/oauth/authorize) and the settings
// section "Apps" (docs/decisions/0013-oauth-for-apps.md).
export const oauthRouter = router({
  /** Which app asks for what; an unknown app or an unregistered redirect is an error, never a redirect. */
  describe: anonymousProcedure.input(authorizeRequest).query(async ({ ctx, input }) => {
    const { app, scopes, oob, denyUrl } = await describeAuthorization(ctx.store, input);
    return { app, scopes, oob, denyUrl };
  }),
  /** Allow: where the browser goes next with its code, or the code itself for the out-of-band redirect. */
  approve: protectedProcedure
    .input(authorizeRequest)
    .mutation(({ ctx, input }) => approveAuthorization(ctx.store, ctx.actor, input)),
  apps: protectedProcedure.query(({ ctx }) => authorisedApps(ctx.store, ctx.actor)),
  revokeApp: protectedProcedure
    .input(revokeAppInput)
    .mutation(({ ctx, input }) => revokeAuthorisedApp(ctx.store, ctx.actor, input.appId)),
});
