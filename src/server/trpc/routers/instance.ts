import { instanceSettingsInput } from '../../../shared/community-schemas.js';
import { aboutInstance, updateInstance } from '../../domain/instance-settings.js';
import type { Context } from '../context.js';
import { anonymousProcedure, protectedProcedure, router } from '../init.js';

const aboutConfig = (ctx: Context) => ({
  registrationDefault: ctx.registrationDefault,
  picturesPerPost: ctx.mediaPerPost,
  mailEnabled: ctx.mailEnabled,
});

// What the web app needs to know about this instance before anyone signs in: its name, description, rules,
// registration and admins (/about, the signup screen), and whether the demo member exists (the login page
// offers "Add Test Credentials" only then).
export const instanceRouter = router({
  about: anonymousProcedure.query(({ ctx }) => aboutInstance(ctx.store, aboutConfig(ctx))),
  /** Admins only (checked in the rule). */
  update: protectedProcedure
    .input(instanceSettingsInput)
    .mutation(({ ctx, input }) => updateInstance(ctx.store, ctx.actor, input, aboutConfig(ctx))),
});
