import { Link } from 'wouter';
import { unreadBadge, unreadLabel } from '../lib/notification-text';
import { trpc } from '../lib/trpc';
import { useUnreadInTitle } from '../lib/use-document-title';
import '../notifications.css';

const BellIcon = () => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
);

/**
 * The navbar's way to /notifications, with the unread count. The live stream (live-updates.tsx)
 * keeps the count current without a reload; the tab's title carries it too ("(3) Realm").
 */
export function Bell({ current }: { current: boolean }) {
  const count = trpc.notifications.unreadCount.useQuery().data?.count ?? 0;
  useUnreadInTitle(count);
  const label = unreadLabel(count);
  return (
    <Link
      href="/notifications"
      className="bell"
      aria-label={label}
      aria-current={current ? 'page' : undefined}
    >
      <BellIcon />
      {count > 0 && (
        <span className="bell-badge" aria-hidden="true">
          {unreadBadge(count)}
        </span>
      )}
    </Link>
  );
}
