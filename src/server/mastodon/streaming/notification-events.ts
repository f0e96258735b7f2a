import { notificationsPage } from '../../domain/notification-views.js';
import type { MastodonDeps } from '../deps.js';
import { notificationEntity, notificationPage } from '../notification-entities.js';
import type { StreamClient, Subscription } from './clients.js';
import type { NotificationSender } from './dispatch.js';

// A member's notifications changed (a like, a follow, a mention... or one withdrawn, or read): the groups
// that moved above what their clients were last told are sent as Mastodon's `notification` events, written
// as GET /api/v1/notifications writes them (notification-entities.ts). A group that a new actor joins moves
// up with a new id, as a new notification.

const carriesNotifications = (client: StreamClient, sub: Subscription) =>
  sub.name === 'user:notification' || (sub.name === 'user' && client.readsNotifications);

export function notificationSender(deps: MastodonDeps): NotificationSender {
  return async (memberId, clients) => {
    const listening = clients.filter((client) =>
      [...client.subscriptions.values()].some((sub) => carriesNotifications(client, sub)),
    );
    const first = listening[0];
    if (!first) return;
    const since = Math.min(...listening.map((client) => client.notifiedUpTo));
    const page = await notificationsPage(deps.store, memberId, null);
    const fresh = page.items.filter((view) => Date.parse(view.at) > since);
    if (fresh.length === 0) return;
    const member = await deps.store.read.members.actor(memberId);
    if (!member) return;
    const actor = { id: member.id, username: member.username, role: member.role };
    const shown = await notificationPage(deps, first.request, actor, fresh);
    // Oldest first, as they happened.
    for (const view of [...shown.views].reverse()) {
      const at = Date.parse(view.at);
      const json = JSON.stringify(notificationEntity(shown, view));
      for (const client of listening) {
        if (at <= client.notifiedUpTo) continue;
        for (const sub of client.subscriptions.values()) {
          if (carriesNotifications(client, sub)) client.send(sub, 'notification', json);
        }
      }
    }
    const newest = Math.max(...fresh.map((view) => Date.parse(view.at)));
    for (const client of listening) client.notifiedUpTo = Math.max(client.notifiedUpTo, newest);
  };
}
