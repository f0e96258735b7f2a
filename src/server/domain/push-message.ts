import type { PushIntent, PushSender } from '../store/store.js';

// What a push says: a short plain text in the app's words (client/lib/notification-text.ts) and where a
// click opens. One actor per push: a push tells of one action as it happens, the app's list groups them.

const verbs: Record<PushIntent['kind'], string> = {
  like: 'liked your post',
  comment: 'commented on your post',
  mention: 'mentioned you',
  follow: 'followed you',
  quote: 'quoted your post',
  boost: 'boosted your post',
};

/** The notification a device shows: its title (the instance's name), text and the path a click opens. */
export type PushMessage = { title: string; body: string; url: string };

const displayName = (sender: PushSender) =>
  `${sender.firstName} ${sender.lastName}`.trim() || sender.username;

export function pushMessage(intent: PushIntent, sender: PushSender, instanceName: string): PushMessage {
  const url =
    intent.kind !== 'follow' && intent.postId
      ? `/post/${encodeURIComponent(intent.postId)}`
      : `/profile/${encodeURIComponent(sender.username)}`;
  return { title: instanceName, body: `${displayName(sender)} ${verbs[intent.kind]}`, url };
}
