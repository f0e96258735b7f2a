import { limits } from '../../../shared/limits.js';
import type { NotificationRow, Reads } from '../store.js';
import { isoTimeSql } from './cards.js';
import { publicUserJson } from './columns.js';
import type { Queryable } from './queryable.js';
import { hiddenSql } from './relations.js';
import { statement, type TextTimes } from './statement.js';

// As ../sqlite/notifications.ts: a member's notifications as NotificationView JSON and the bell's unread
// count, each one statement on the index (recipient_id, latest_at, id), or (recipient_id, kind, latest_at, id)
// for the Mentions filter.

/** The bell shows "99+": counting further would only read more of the index. */
export const unreadCountMax = 100;
const excerptLength = 100;
const shownActors = 3;

/** A key above every group: the first page starts below it. */
const top: [number, string] = [Number.MAX_SAFE_INTEGER, ''];

// The actors the member `$1` sees are those not hidden from them (relations.ts: blocked either
// way, muted, suspended); a group is shown and counted only while it has one.
const hidden = hiddenSql('$1::text');
const visible = (alias: string) => `${alias}.actor_id <> all (${hidden})`;

const hasActors = `exists (select 1 from notification_actors x where x.notification_id = n.id and ${visible('x')})`;

// The newest actors of the group `n`, newest first.
const actors = `(select coalesce(json_agg(a.actor order by a.created_at desc), '[]'::json) from (
  select ${publicUserJson('au')} as actor, na.created_at from notification_actors na
  join users au on au.id = na.actor_id where na.notification_id = n.id and ${visible('na')}
  order by na.created_at desc limit ${shownActors}) as a)`;

const excerptOf = (table: string, column: string, id: string) =>
  `(select json_build_object('id', e.id, 'excerpt', left(e.${column}, ${excerptLength}))
   from ${table} e where e.id = ${id})`;

// A group of comments on a post names no comment (domain/notifications.ts): it shows the newest comment on
// the post, up to the group's time, by one of its actors the member sees (as ../sqlite/notifications.ts).
const newestComment = `(select json_build_object('id', nc.id, 'excerpt', left(nc.text, ${excerptLength}))
  from comments nc where nc.post_id = n.post_id and nc.created_at <= n.latest_at
  and exists (select 1 from notification_actors y where y.notification_id = n.id and y.actor_id = nc.author_id
    and ${visible('y')})
  order by nc.created_at desc, nc.id desc limit 1)`;

const commentJson = `case when n.comment_id is not null then ${excerptOf('comments', 'text', 'n.comment_id')}
  when n.kind = 'comment' then ${newestComment} end`;

/** A NotificationView of the group `n` of the member `u`. */
const viewJson = `json_build_object('id', n.id, 'kind', n.kind, 'at', ${isoTimeSql('n.latest_at')},
  'unread', n.latest_at > u.notifications_read_at,
  'actors', ${actors},
  'actorCount', (select count(*) from notification_actors c where c.notification_id = n.id and ${visible('c')}),
  'post', ${excerptOf('posts', 'content', 'n.post_id')},
  'comment', ${commentJson})`;

// A page of all the member's groups, or of one kind's (the Mentions filter) on the index by kind.
const pageSql = (kind: string) =>
  `select ${viewJson}::text as json, n.latest_at as "latestAt", n.id
   from notifications n join users u on u.id = $1
   where n.recipient_id = $1 ${kind} and (n.latest_at, n.id) < ($2::bigint, $3) and ${hasActors}
   order by n.latest_at desc, n.id desc limit ${limits.pageSize + 1}`;

// The unread count walks the index from the newest down and stops at 100. Its `order by` says so: without
// it PostgreSQL may take a sequential scan, betting that 100 matches come early (tests/pg/notification-plans).
const unreadCount = statement<{ count: number }>(
  'notifications-unread-count',
  `select count(*)::int as count from (select 1 from notifications n
   where n.recipient_id = $1
     and n.latest_at > (select notifications_read_at from users where id = $1)
     and ${hasActors}
   order by n.latest_at desc limit ${unreadCountMax}) as unread`,
);

const page = statement<TextTimes<NotificationRow, 'latestAt'>>('notifications-page', pageSql(''));
const mentionsPage = statement<TextTimes<NotificationRow, 'latestAt'>>(
  'notifications-mentions-page',
  pageSql(`and n.kind = 'mention'`),
);

const group = statement<TextTimes<NotificationRow, 'latestAt'>>(
  'notifications-group',
  `select ${viewJson}::text as json, n.latest_at as "latestAt", n.id
   from notifications n join users u on u.id = $1
   where n.id = $2 and n.recipient_id = $1 and ${hasActors}`,
);

const recipientsOf = statement<{ id: string }>(
  'notification-recipients-of-post',
  'select distinct recipient_id as id from notifications where post_id = $1',
);

const readMarker = statement<{ at: string }>(
  'notification-read-marker',
  'select notifications_read_at as at from users where id = $1',
);

export function notificationReads(db: Queryable): Reads['notifications'] {
  return {
    readMarker: async (memberId) => Number((await readMarker(db, [memberId]))[0]?.at ?? 0),
    async group(memberId, groupId) {
      const [row] = await group(db, [memberId, groupId]);
      return row && { ...row, latestAt: Number(row.latestAt) };
    },
    unreadCount: async (memberId) => (await unreadCount(db, [memberId]))[0]?.count ?? 0,
    async page(memberId, key, filter) {
      const rows = await (filter === 'mentions' ? mentionsPage : page)(db, [memberId, ...(key ?? top)]);
      return rows.map((row) => ({ ...row, latestAt: Number(row.latestAt) }));
    },
    recipientsOf: async (postId) => (await recipientsOf(db, [postId])).map((row) => row.id),
  };
}
