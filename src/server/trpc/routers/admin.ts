import {
  auditPageInput,
  membersPageInput,
  moderateMemberInput,
  removeContentInput,
  reportsPageInput,
  resolveReportInput,
  setRoleInput,
  storageUsageInput,
} from '../../../shared/community-schemas.js';
import { storageUsage } from '../../domain/media-usage.js';
import {
  auditPage,
  membersPage,
  moderateMember,
  removeContent,
  reportsPage,
  resolveReport,
  setRole,
  type MemberAction,
} from '../../domain/moderation.js';
import { protectedProcedure, router } from '../init.js';

// The admin screens. Every rule checks the caller's role itself (domain/roles.ts): moderators and
// admins work reports and members; admins alone set roles and the instance's settings (instance.update).
const memberAction = (action: MemberAction) =>
  protectedProcedure
    .input(moderateMemberInput)
    .mutation(({ ctx, input }) => moderateMember(ctx.store, ctx.actor, action, input.username, input.reason));

export const adminRouter = router({
  reports: protectedProcedure
    .input(reportsPageInput)
    .query(({ ctx, input }) => reportsPage(ctx.store, ctx.actor, input.state, input.cursor)),
  resolveReport: protectedProcedure
    .input(resolveReportInput)
    .mutation(({ ctx, input }) => resolveReport(ctx.store, ctx.actor, input)),
  members: protectedProcedure
    .input(membersPageInput)
    .query(({ ctx, input }) => membersPage(ctx.store, ctx.actor, input)),
  setRole: protectedProcedure
    .input(setRoleInput)
    .mutation(({ ctx, input }) => setRole(ctx.store, ctx.actor, input.username, input.role, input.reason)),
  approve: memberAction('approve'),
  suspend: memberAction('suspend'),
  unsuspend: memberAction('unsuspend'),
  limit: memberAction('limit'),
  unlimit: memberAction('unlimit'),
  removeContent: protectedProcedure.input(removeContentInput).mutation(async ({ ctx, input }) => {
    await removeContent(ctx.store, ctx.actor, input);
    return { ok: true as const };
  }),
  log: protectedProcedure
    .input(auditPageInput)
    .query(({ ctx, input }) => auditPage(ctx.store, ctx.actor, input.cursor)),
  // Admins only: what pictures take, in all and by the heaviest members.
  storage: protectedProcedure
    .input(storageUsageInput)
    .query(({ ctx, input }) => storageUsage(ctx.store, ctx.actor, input.top)),
});
