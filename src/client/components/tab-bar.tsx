import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { unreadBadge, unreadLabel } from '../lib/notification-text';
import { decodeParam, profilePath } from '../lib/paths';
import { useMe } from '../lib/session';
import { trpc } from '../lib/trpc';
import { BellIcon, ExploreIcon, HomeIcon, PersonIcon } from './tab-icons';

type Tab = { href: string; label: string; icon: ReactNode; current: boolean; name?: string; badge?: string };

/**
 * The phone's way around (phone.css shows it at narrow widths only, where the top navbar slims to the brand,
 * Bookmark and the account menu): Home, Explore, Notifications with the unread count, and your profile.
 * The count is the bell's query, so both stay one number, kept current by the live stream.
 */
export function TabBar() {
  const me = useMe();
  const [location] = useLocation();
  const count = trpc.notifications.unreadCount.useQuery().data?.count ?? 0;
  const own = profilePath(me.username);
  const here = decodeParam(location);
  const tabs: Tab[] = [
    { href: '/', label: 'Home', icon: <HomeIcon />, current: here === '/' },
    { href: '/explore', label: 'Explore', icon: <ExploreIcon />, current: here === '/explore' },
    {
      href: '/notifications',
      label: 'Notifications',
      name: unreadLabel(count),
      icon: <BellIcon />,
      current: here === '/notifications',
      badge: count > 0 ? unreadBadge(count) : undefined,
    },
    { href: own, label: 'Profile', icon: <PersonIcon />, current: here === decodeParam(own) },
  ];
  return (
    <nav aria-label="Tabs" className="tab-bar">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.label}>
            <Link href={tab.href} aria-current={tab.current ? 'page' : undefined}>
              <span className="tab-icon">
                {tab.icon}
                {tab.badge && (
                  <span className="bell-badge tab-badge" aria-hidden="true">
                    {tab.badge}
                  </span>
                )}
              </span>
              {/* The name comes from the text, not aria-label: axe holds an aria-label to the visible words. */}
              <span className="tab-label" aria-hidden={tab.name ? true : undefined}>
                {tab.label}
              </span>
              {tab.name && <span className="visually-hidden">{tab.name}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
