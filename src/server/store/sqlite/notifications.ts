import { limits } from '../../../shared/limits.js';
import type { Db } from './client.js';
import { isoTimeSql } from './cards.js';
import { nestedJson, publicUserJson } from './columns.js';
import { preparedOnce } from './prepared.js';
import { hiddenSql } from './relations.js';
import type { NotificationRow, Reads } from '../store.js';

// A member's notifications as the tRPC API answers them (domain/views.ts NotificationView), written as JSON
// by SQLite, and the bell's unread count. Both read the index (recipient_id, latest_at, id) from the newest
// down (the Mentions filter's page reads (recipient_id, kind, latest_at, id)); a group's actors come from (notification_id, created_at), so a group of thousands costs its count.

/** The bell shows "99+": counting further would only read more of the index. */
export const unreadCountMax = 100;
const excerptLength = 100;
const shownActors = 3;

/** A key above every group: the first page starts below it. */
const top: [number, string] = [Number.MAX_SAFE_INTEGER, ''];

// The actors the member sees are those not hidden from them (relations.ts: blocked either way,
// muted, suspended); a group is shown and counted only while it has one. Unblocking shows them again.
const hidden = hiddenSql(':memberId');
const visible = (alias: string) => `${alias}.actor_id not in (${hidden})`;

const hasActors = `exists (select 1 from notification_actors x where x.notification_id = n.id and ${visible('x')})`;

// The newest actors of the group `n`, newest first.
const actors = nestedJson(`select json_group_array(json(a.actor) order by a.created_at desc) from (
  select ${publicUserJson('au')} as actor, na.created_at from notification_actors na
  join users au on au.id = na.actor_id where na.notification_id = n.id and ${visible('na')}
  order by na.created_at desc limit ${shownActors}) as a`);

const excerptOf = (table: string, column: string, id: string) =>
  `iif(${id} is null, null, (select json_object('id', e.id, 'excerpt', substr(e.${column}, 1, ${excerptLength}))
   from ${table} e where e.id = ${id}))`;

// A group of comments on a post names no comment (domain/notifications.ts): it shows the newest comment on
// the post, up to the group's time, by one of its actors the member sees. Read backwards on
// comments_post_created_idx from that time: normally the first comment read is the one.
const newestComment = `(select json_object('id', nc.id, 'excerpt', substr(nc.text, 1, ${excerptLength}))
  from comments nc where nc.post_id = n.post_id and nc.created_at <= n.latest_at
  and exists (select 1 from notification_actors y where y.notification_id = n.id and y.actor_id = nc.author_id
    and ${visible('y')})
  order by nc.created_at desc, nc.id desc limit 1)`;

const commentJson = `iif(n.comment_id is not null, ${excerptOf('comments', 'text', 'n.comment_id')},
  iif(n.kind = 'comment', ${newestComment}, null))`;

/** A NotificationView of the group `n` of the member `u`. */
const viewJson = `json_object('id', n.id, 'kind', n.kind, 'at', ${isoTimeSql('n.latest_at')},
  'unread', json(iif(n.latest_at > u.notifications_read_at, 'true', 'false')),
  'actors', ${actors},
  'actorCount', (select count(*) from notification_actors c where c.notification_id = n.id and ${visible('c')}),
  'post', json(${excerptOf('posts', 'content', 'n.post_id')}),
  'comment', json(${commentJson}))`;

// A page of all the member's groups, or of one kind's (the Mentions filter) on the index by kind.
const pageSql = (kind: string) =>
  `select ${viewJson} as json, n.latest_at as latestAt, n.id as id
   from notifications n join users u on u.id = :memberId
   where n.recipient_id = :memberId ${kind} and (n.latest_at, n.id) < (:k0, :k1) and ${hasActors}
   order by n.latest_at desc, n.id desc limit ${limits.pageSize + 1}`;

// The unread count walks the index from the newest down and stops at 100. Its `order by` says so: without
// it PostgreSQL may take a sequential scan, betting that 100 matches come early (tests/pg/notification-plans).
const statements = preparedOnce((db: Db) => ({
  unreadCount: db.$client
    .prepare<{ memberId: string }, number>(
      `select count(*) from (select 1 from notifications n
       where n.recipient_id = :memberId
         and n.latest_at > (select notifications_read_at from users where id = :memberId)
         and ${hasActors}
       order by n.latest_at desc limit ${unreadCountMax})`,
    )
    .pluck(),
  page: db.$client.prepare<{ memberId: string; k0: number; k1: string }, NotificationRow>(pageSql('')),
  mentionsPage: db.$client.prepare<{ memberId: string; k0: number; k1: string }, NotificationRow>(
    pageSql(`and n.kind = 'mention'`),
  ),
  group: db.$client.prepare<{ memberId: string; groupId: string }, NotificationRow>(
    `select ${viewJson} as json, n.latest_at as latestAt, n.id as id
     from notifications n join users u on u.id = :memberId
     where n.id = :groupId and n.recipient_id = :memberId and ${hasActors}`,
  ),
  recipientsOf: db.$client
    .prepare<{ postId: string }, string>(
      'select distinct recipient_id from notifications where post_id = :postId',
    )
    .pluck(),
}));

const readMarker = preparedOnce((db: Db) =>
  db.$client
    .prepare<{ memberId: string }, number>('select notifications_read_at from users where id = :memberId')
    .pluck(),
);

export function notificationReads(db: Db): Reads['notifications'] {
  return {
    readMarker: async (memberId) => readMarker(db).get({ memberId }) ?? 0,
    group: async (memberId, groupId) => statements(db).group.get({ memberId, groupId }),
    unreadCount: async (memberId) => statements(db).unreadCount.get({ memberId }) ?? 0,
    page: async (memberId, key, filter) => {
      const [k0, k1] = key ?? top;
      const s = statements(db);
      return (filter === 'mentions' ? s.mentionsPage : s.page).all({ memberId, k0, k1 });
    },
    recipientsOf: async (postId) => statements(db).recipientsOf.all({ postId }),
  };
}
