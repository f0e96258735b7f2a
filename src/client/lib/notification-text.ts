import type { NotificationView } from '../../server/domain/views';
import { countWords } from './count-words';
import { postPath, profilePath } from './paths';

type Person = { username: string; firstName: string; lastName: string };

const verbs: Record<NotificationView['kind'], string> = {
  like: 'liked your post',
  comment: 'commented on your post',
  mention: 'mentioned you',
  follow: 'followed you',
  quote: 'quoted your post',
  boost: 'boosted your post',
};

/** "firstName lastName", or the username when the member gave no name. */
export const displayName = (person: Person) =>
  `${person.firstName} ${person.lastName}`.trim() || person.username;

/** "Amara Okafor", "Amara Okafor and Kenji Sato", "Amara Okafor and 3 others" (Mastodon's grouping). */
function whoDidIt({ actors, actorCount }: Pick<NotificationView, 'actors' | 'actorCount'>): string {
  const [first, second] = actors;
  const name = first ? displayName(first) : 'Someone';
  if (actorCount <= 1) return name;
  if (actorCount === 2 && second) return `${name} and ${displayName(second)}`;
  return `${name} and ${countWords(actorCount - 1, 'other', 'others')}`;
}

export const notificationText = (notification: Pick<NotificationView, 'kind' | 'actors' | 'actorCount'>) =>
  `${whoDidIt(notification)} ${verbs[notification.kind]}`;

/** A like, comment, mention or quote opens its post (a quote's: the quoting post); a follow opens the profile of the (newest) follower. */
export function notificationHref(notification: Pick<NotificationView, 'kind' | 'actors' | 'post'>): string {
  const actor = notification.actors[0];
  if (notification.kind !== 'follow' && notification.post) return postPath(notification.post.id);
  return actor ? profilePath(actor.username) : '/notifications';
}

/** What the notification is about, in the member's words: the comment, else the post. */
export const notificationExcerpt = (notification: Pick<NotificationView, 'post' | 'comment'>) =>
  notification.comment?.excerpt ?? notification.post?.excerpt ?? null;

/** The server counts unread notifications up to 100: more than 99 shows as "99+". */
export const unreadBadge = (count: number) => (count > 99 ? '99+' : String(count));

/** The bell's (and the phone's Notifications tab's) name, which says the count the badge shows. */
export const unreadLabel = (count: number) =>
  count === 0 ? 'Notifications' : `Notifications, ${count > 99 ? 'more than 99' : count} unread`;
