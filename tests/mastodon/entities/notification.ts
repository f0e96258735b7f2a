import { z } from 'zod';
import { account, partialAccountWithAvatar } from './account.js';
import { datetime, id, int } from './common.js';
import { report } from './report.js';
import { status } from './status.js';

// entities/Notification.md#type, as of 4.5 (4.6's collection types are new and not listed).
const notificationType = z.enum([
  'mention',
  'status',
  'reblog',
  'follow',
  'follow_request',
  'favourite',
  'poll',
  'update',
  'admin.sign_up',
  'admin.report',
  'severed_relationships',
  'moderation_warning',
  'quote',
  'quoted_update',
]);

// entities/Notification.md
export const notification = z.looseObject({
  id,
  type: notificationType,
  group_key: z.string(),
  created_at: datetime,
  account,
  status: status.optional(),
  report: report.optional(),
  event: z.unknown().optional(),
  moderation_warning: z.unknown().optional(),
});

// methods/grouped_notifications.md#NotificationGroup
export const notificationGroup = z.looseObject({
  group_key: z.string(),
  notifications_count: int,
  type: notificationType,
  most_recent_notification_id: id,
  page_min_id: id.optional(),
  page_max_id: id.optional(),
  latest_page_notification_at: datetime.optional(),
  sample_account_ids: z.array(id),
  status_id: id.optional(),
  report: report.optional(),
  event: z.unknown().optional(),
  moderation_warning: z.unknown().optional(),
});

// methods/grouped_notifications.md#GroupedNotificationsResults: the answer of GET /api/v2/notifications.
export const groupedNotificationsResults = z.looseObject({
  accounts: z.array(account),
  partial_accounts: z.array(partialAccountWithAvatar).optional(),
  statuses: z.array(status),
  notification_groups: z.array(notificationGroup),
});
