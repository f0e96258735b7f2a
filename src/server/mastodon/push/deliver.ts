import { pushMessage } from '../../domain/push-message.js';
import type { AppPushRow, PushIntent, PushSender, Store } from '../../store/store.js';
import { missingAvatar } from '../entities/account.js';
import { encodeId } from '../ids.js';
import { absoluteUrl } from '../web-urls.js';
import { alertOfKind } from './alerts.js';
import { unseal, type SealKey } from './seal.js';

// What an app's push subscription is sent for a notification (docs/mastodon-api.md, "Push"): Mastodon's push
// message, which apps decrypt in their notification extension and show as it is, then fetch the
// notification by its id with the token it names. Sent by src/server/push/delivery.ts with the browser pushes.

/** Mastodon's push payload (app/serializers/web/notification_serializer.rb's fields). */
export type AppPushPayload = {
  access_token: string;
  preferred_locale: string;
  notification_id: string;
  notification_type: string;
  icon: string;
  title: string;
  body: string;
};

/** The longest text a push's body carries of the post: push services cap a message at 4 KB. */
const bodyMax = 140;

const plain = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > bodyMax ? `${flat.slice(0, bodyMax - 1)}…` : flat;
};

/**
 * The app subscriptions of the intent's recipient that want it: the alert of its type on, and the actor
 * within the subscription's policy (followed: someone the recipient follows; follower: someone following
 * them; none: no one). Read only when a subscription's policy needs the relation.
 */
export async function appTargets(store: Store, intent: PushIntent): Promise<AppPushRow[]> {
  if (!intent.groupId) return [];
  const alert = alertOfKind(intent.kind);
  const wanting = (await store.read.push.appTargets(intent.recipientId)).filter(
    (row) => row.alerts.includes(alert) && row.policy !== 'none',
  );
  if (!wanting.some((row) => row.policy === 'followed' || row.policy === 'follower')) return wanting;
  const [relation] = await store.read.relations.relationships(intent.recipientId, [intent.actorId]);
  return wanting.filter(
    (row) =>
      row.policy === 'all' ||
      (row.policy === 'followed' && relation?.following === true) ||
      (row.policy === 'follower' && relation?.followedBy === true),
  );
}

/** What a notification's push says to every app of its recipient: Mastodon's message but the token. */
export async function appMessage(
  store: Store,
  options: { origin: string; instanceName: string },
  intent: PushIntent,
  sender: PushSender,
): Promise<Omit<AppPushPayload, 'access_token'> | null> {
  if (!intent.groupId) return null;
  const message = pushMessage(intent, sender, options.instanceName);
  let body = '';
  if (intent.postId && intent.kind !== 'follow') {
    const json = await store.read.cards.json(intent.recipientId, [intent.postId], [], {
      latestComments: false,
    });
    const [card] = JSON.parse(json) as { content: string }[];
    body = card ? plain(card.content) : '';
  }
  return {
    preferred_locale: 'en',
    notification_id: encodeId('notification', intent.at, intent.groupId),
    notification_type: alertOfKind(intent.kind),
    icon: absoluteUrl(options.origin, sender.profilePic || missingAvatar),
    title: message.body,
    body,
  };
}

/**
 * One subscription's payload: the message with its token; null when the token cannot be opened (the
 * instance's secret changed).
 */
export function appPayload(
  sealKey: SealKey,
  message: Omit<AppPushPayload, 'access_token'>,
  target: AppPushRow,
): AppPushPayload | null {
  const token = unseal(sealKey, target.sealedToken);
  return token ? { access_token: token, ...message } : null;
}
