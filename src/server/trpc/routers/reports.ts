import { createReportInput } from '../../../shared/community-schemas.js';
import { createReport } from '../../domain/reports.js';
import { protectedProcedure, router } from '../init.js';

// A member reports a post, a comment or a member; moderators work them in admin.reports.
export const reportsRouter = router({
  create: protectedProcedure
    .input(createReportInput)
    .mutation(({ ctx, input }) => createReport(ctx.store, ctx.actor, input)),
});
