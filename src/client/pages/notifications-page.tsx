import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { NotificationView } from '../../server/domain/views';
import { Avatar } from '../components/avatar';
import { RelativeTime } from '../components/relative-time';
import { useLiveEvent } from '../lib/live';
import { notificationExcerpt, notificationHref, notificationText } from '../lib/notification-text';
import { itemsOfPages } from '../lib/pages';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLoadMore } from '../lib/use-load-more';
import '../notifications.css';

function NotificationItem({ notification }: { notification: NotificationView }) {
  const excerpt = notificationExcerpt(notification);
  return (
    <li className={`notification${notification.unread ? ' unread' : ''}`}>
      <Link href={notificationHref(notification)} className="notification-link">
        <span className="notification-avatars" aria-hidden="true">
          {notification.actors.slice(0, 3).map((actor) => (
            <Avatar key={actor.id} person={actor} size={32} />
          ))}
        </span>
        <span className="notification-body">
          <span className="notification-text">
            {notification.unread && <span className="visually-hidden">Unread: </span>}
            {notificationText(notification)}
          </span>
          {excerpt && (
            <span className="notification-excerpt" dir="auto">
              {excerpt}
            </span>
          )}
          <span className="muted notification-time">
            <RelativeTime iso={notification.at} />
          </span>
        </span>
        {notification.unread && <span className="unread-dot" aria-hidden="true" />}
      </Link>
    </li>
  );
}

type Filter = 'all' | 'mentions';
const filters: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mentions', label: 'Mentions' },
];

/**
 * /notifications: newest first in pages of 20, all of them or only mentions. Seeing the first page of All
 * moves the read marker to its newest notification: the bell drops to 0, and what was unread stays marked
 * until the page is left. Mentions alone move nothing: older likes and follows not yet seen stay unread.
 */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const utils = trpc.useUtils();
  const [filter, setFilter] = useState<Filter>('all');
  const list = trpc.notifications.list.useInfiniteQuery(
    { filter },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: ({ count }) => utils.notifications.unreadCount.setData(undefined, { count }),
  });
  const sentinel = useLoadMore(list);
  const items = itemsOfPages(list.data?.pages ?? []);
  const newest = items[0]?.at;
  const firstPageUnread = list.data?.pages[0]?.items.some((item) => item.unread) ?? false;

  const { mutate } = markRead;
  useEffect(() => {
    if (filter === 'all' && newest && firstPageUnread) mutate({ upTo: newest });
  }, [filter, newest, firstPageUnread, mutate]);

  // Something new while the page is open: show it (it is then seen, and marked read in turn).
  useLiveEvent('unread', ({ count }) => {
    if (count > 0) void list.refetch();
  });

  let body;
  if (list.isPending) body = <p className="card empty">Loading notifications…</p>;
  else if (list.isError) {
    body = (
      <div className="card empty">
        <p>Notifications could not be loaded.</p>
        <button type="button" className="button" onClick={() => list.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (items.length === 0) {
    const none = filter === 'mentions' ? 'No mentions yet.' : 'No notifications yet.';
    body = <p className="card empty">{none}</p>;
  } else {
    body = (
      <>
        <ul className="card notifications" aria-label={filter === 'mentions' ? 'Mentions' : 'Notifications'}>
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
        <div ref={sentinel} />
        {list.isFetchingNextPage && <p className="list-end">Loading more…</p>}
        {!list.hasNextPage && <p className="list-end">You're all caught up.</p>}
      </>
    );
  }

  return (
    <div className="column" aria-busy={list.isPending || list.isFetchingNextPage}>
      <h1 className="page-title">Notifications</h1>
      <div className="toggle" role="group" aria-label="Show">
        {filters.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {body}
    </div>
  );
}
