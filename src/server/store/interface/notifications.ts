import type { NotificationFilter } from '../../../shared/schemas.js';

/** A notification group written as JSON by the database, with its key in the list's order. */
export type NotificationRow = { json: string; latestAt: number; id: string };

export type NotificationReads = {
  /** The member's read marker: the newest notification time they have seen (Unix ms; 0 for none). */
  readMarker(memberId: string): Promise<number>;
  /** The member's groups newer than their read marker, counted up to 100 (the bell shows "99+"). */
  unreadCount(memberId: string): Promise<number>;
  /**
   * Up to a page and one more of the member's notifications, newest first by (latestAt, id) below `key`
   * (or from the newest), each a NotificationView (domain/views.ts) as JSON text. Groups with no actor left
   * are never shown. Nor are actors hidden from the member (blocked either way, muted, suspended), and a
   * group with none but those is neither shown nor counted. `mentions`: only the mentions.
   */
  page(
    memberId: string,
    key: [number, string] | null,
    filter: NotificationFilter,
  ): Promise<NotificationRow[]>;
  /** One of the member's groups by its id, as `page` would answer it; undefined where `page` shows none. */
  group(memberId: string, groupId: string): Promise<NotificationRow | undefined>;
  /** The members with notifications about this post (its likes, comments and mentions). */
  recipientsOf(postId: string): Promise<string[]>;
};
