import { encodeCursor } from '../domain/cursor.js';
import { notificationsPage } from '../domain/notification-views.js';
import type { NotificationView } from '../domain/views.js';
import type { Store } from '../store/store.js';
import { encodeId } from './ids.js';

// A member's notifications as Mastodon pages them, over Realm's pages of groups (domain/notification-views.ts,
// newest first by (latest time, id)): types[] and exclude_types[] are applied here, so a page may read
// several of Realm's pages to fill, and stops at 10 of them (200 groups) with a Link onward from there.

/** Realm's kinds under Mastodon's notification types (docs/mastodon-api.md, "Notifications"). */
export const typeOfKind = {
  like: 'favourite',
  boost: 'reblog',
  follow: 'follow',
  mention: 'mention',
  // A comment is a reply to the member's post: Mastodon tells replies as mentions, and apps list them so.
  comment: 'mention',
  quote: 'quote',
} as const satisfies Record<NotificationView['kind'], string>;

export type NotificationType = (typeof typeOfKind)[NotificationView['kind']];

const scanPagesMax = 10;

export type GroupKey = [number, string];

export const keyOf = (view: NotificationView): GroupKey => [Date.parse(view.at), view.id];
/** A group's notification id: the time of its newest actor, so ids sort as the list does. */
export const notificationId = (view: NotificationView) => encodeId('notification', view.at, view.id);

const below = (a: GroupKey, b: GroupKey) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

export type GroupScan = {
  before: GroupKey | null;
  after: GroupKey | null;
  /** Read up from `after` (min_id): the groups just above it rather than the newest. */
  oldestFirst: boolean;
  limit: number;
  accept(view: NotificationView): boolean;
};

/** The page's groups, newest first, and the id its `next` link continues below (null: the list ends). */
export async function scanGroups(
  store: Store,
  memberId: string,
  scan: GroupScan,
): Promise<{ items: NotificationView[]; nextId: string | null }> {
  const found: NotificationView[] = [];
  let cursor = scan.before ? encodeCursor(scan.before) : null;
  let last: NotificationView | undefined;
  let reachedAfter = false;
  let pages = 0;
  while (pages < scanPagesMax && (scan.oldestFirst || found.length <= scan.limit)) {
    const page = await notificationsPage(store, memberId, cursor);
    pages += 1;
    for (const view of page.items) {
      if (scan.after && !below(scan.after, keyOf(view))) {
        reachedAfter = true;
        break;
      }
      last = view;
      if (scan.accept(view)) found.push(view);
    }
    cursor = page.nextCursor;
    if (reachedAfter || cursor === null) break;
  }
  // From min_id: the groups just above it, the oldest of those read.
  const items = scan.oldestFirst ? found.slice(-scan.limit) : found.slice(0, scan.limit);
  const newestFirstEnd = items.at(-1);
  if (found.length > scan.limit || (reachedAfter && newestFirstEnd)) {
    return { items, nextId: newestFirstEnd ? notificationId(newestFirstEnd) : null };
  }
  // Read to the cap without filling the page: the next page goes on below what was read.
  return { items, nextId: last && cursor !== null && !reachedAfter ? notificationId(last) : null };
}
