import { z } from 'zod';
import { cursor, notificationFilter } from '../../../shared/schemas.js';
import { markRead, notificationsPage, unreadCount } from '../../domain/notification-views.js';
import { protectedProcedure, router } from '../init.js';

const badTime = 'upTo must be an ISO 8601 time, such as 2026-11-22T09:30:00.000Z.';

/** The newest `at` the member has seen, as a NotificationView gives it; to Unix milliseconds. */
const upTo = z
  .string({ error: badTime })
  .max(40, badTime)
  .pipe(z.iso.datetime({ offset: true, error: badTime }))
  .transform((time) => Date.parse(time));

export const notificationsRouter = router({
  list: protectedProcedure
    .input(z.object({ cursor, filter: notificationFilter }))
    .query(({ ctx, input }) => notificationsPage(ctx.store, ctx.actor.id, input.cursor, input.filter)),
  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.store, ctx.actor.id)),
  markRead: protectedProcedure
    .input(z.object({ upTo }))
    .mutation(({ ctx, input }) => markRead(ctx.store, ctx.actor, input.upTo)),
});
