import { hasDemoMember } from '../../../../seed/seed.js';
import { publicProcedure, router } from '../init.js';

// What the web app needs to know about this instance before anyone signs in.
export const instanceRouter = router({
  // The login page offers "Add Test Credentials" only where the demo member exists (`--demo`).
  about: publicProcedure.query(async ({ ctx }) => ({ demo: await hasDemoMember(ctx.store) })),
});
