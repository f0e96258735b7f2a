import type { NotificationFilter } from '../../shared/schemas.js';
import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { decodeCursor, pageOfJsonRows } from './cursor.js';
import type { NotificationView, Page } from './views.js';

// A member's notifications (all, or only mentions), newest first in pages of 20, the bell's unread count and the read
// marker. Who is notified of what is domain/notifications.ts; this is what they see of it.

export async function notificationsPage(
  store: Store,
  memberId: string,
  cursor?: string | null,
  filter: NotificationFilter = 'all',
): Promise<Page<NotificationView>> {
  const key = cursor ? decodeCursor<[number, string]>(cursor, ['number', 'string']) : null;
  const rows = await store.read.notifications.page(memberId, key, filter);
  return pageOfJsonRows(rows, (row) => [row.latestAt, row.id]);
}

/** One of the member's notifications by its id, or null where their list shows none. */
export async function notificationById(
  store: Store,
  memberId: string,
  groupId: string,
): Promise<NotificationView | null> {
  const row = await store.read.notifications.group(memberId, groupId);
  return row ? (JSON.parse(row.json) as NotificationView) : null;
}

/** Counted up to 100: the bell shows "99+" above 99. */
export async function unreadCount(store: Store, memberId: string): Promise<{ count: number }> {
  return { count: await store.read.notifications.unreadCount(memberId) };
}

/**
 * Marks read everything up to `upTo` (Unix ms: the newest `at` the member has seen). The marker never moves
 * back, nor beyond now: a time from the future would silence what comes later. A group that gains an actor
 * later is newer than it, so unread again. The member's other tabs hear of it (their bells). Answers the
 * unread count that is left.
 */
export async function markRead(store: Store, actor: Actor, upTo: number): Promise<{ count: number }> {
  return store.write(async (tx) => {
    await tx.notifications.markRead(actor.id, Math.min(upTo, now()));
    tx.live.emit({ type: 'notifications', memberId: actor.id });
    return { count: await tx.notifications.unreadCount(actor.id) };
  });
}

/**
 * Deletes one of the member's notifications (a group), or all of them: Mastodon's dismiss and clear, which
 * the apps offer. A later action makes a new group. The member's other tabs hear of it (their bells).
 */
export async function dismissNotifications(
  store: Store,
  actor: Actor,
  groupId: string | null,
): Promise<void> {
  await store.write(async (tx) => {
    await tx.notifications.dismiss(actor.id, groupId);
    tx.live.emit({ type: 'notifications', memberId: actor.id });
  });
}

/** The member's read marker (Unix ms): the newest notification time they have seen, 0 for none. */
export function readMarker(store: Store, memberId: string): Promise<number> {
  return store.read.notifications.readMarker(memberId);
}
