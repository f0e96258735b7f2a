// What a post or a comment sets going: its tags, its mentions, and the notifications of what members do.
// The notifications' reads are in notifications.ts.

export type NotificationKind = 'like' | 'comment' | 'mention' | 'follow' | 'quote' | 'boost';

/** Where mentions are: a post's text, or one of its comments'. */
export type MentionSource = { postId: string; commentId: string | null };

/**
 * One member's action as a notification (domain/notifications.ts): it joins the recipient's group
 * `groupKey`, made when missing, and moves the group's time to `at`.
 */
export type NewNotification = {
  recipientId: string;
  actorId: string;
  kind: NotificationKind;
  groupKey: string;
  postId: string | null;
  commentId: string | null;
  at: number;
};

/** What an actor takes back: their likes of a post, their comments on it, their follow of a member, their mentions in a text. */
export type Withdrawal =
  | { kind: 'like'; postId: string }
  | { kind: 'boost'; postId: string }
  /** A comment about to go: its author leaves only when they have no other comment on the post. */
  | { kind: 'comment'; postId: string; commentId: string }
  | { kind: 'follow'; recipientId: string }
  | { kind: 'mention'; recipientId: string; groupKey: string };

export type TagWrites = {
  /** Makes these (folded) tags the post's, in place of those it had. */
  replace(postId: string, tags: string[]): Promise<void>;
};

export type MentionWrites = {
  /** Makes these members the ones the text mentions; answers who was added and who removed. */
  replace(source: MentionSource, userIds: string[]): Promise<{ added: string[]; removed: string[] }>;
};

export type NotificationWrites = {
  /** Adds the actor to its group (made if new); answers the group's id, null when nothing was added. */
  add(notification: NewNotification): Promise<string | null>;
  /**
   * Takes the actor out of the recipient's matching groups; a group left with nobody goes. Whether the
   * actor was in one.
   */
  withdraw(actorId: string, what: Withdrawal): Promise<boolean>;
  /** Moves the member's read marker to `at`, never back. */
  markRead(memberId: string, at: number): Promise<void>;
  /** Deletes one of the member's groups (its actors go with it), or all of them when `groupId` is null. */
  dismiss(memberId: string, groupId: string | null): Promise<void>;
};
