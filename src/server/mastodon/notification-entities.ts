import type { FastifyRequest } from 'fastify';
import { accountsOf } from '../domain/people.js';
import type { CommentView, NotificationView, PostCard } from '../domain/views.js';
import type { Actor } from '../domain/auth.js';
import { originOf, type MastodonDeps } from './deps.js';
import { mastodonAccount, type MastodonAccount } from './entities/account.js';
import { commentStatus, postStatus, type MastodonStatus } from './entities/status.js';
import { notificationId, typeOfKind } from './notification-reader.js';
import { findStatus } from './status-lookup.js';
import { statusCards, statusContext } from './statuses-view.js';

// Mastodon's Notification and NotificationGroup (entities/Notification.md, methods/grouped_notifications.md)
// from Realm's groups. A v1 notification is one group, told by its newest actor; v2 keeps the group whole.
// A group whose status the member can no longer see (deleted, or its author hidden) is left out, as
// Mastodon drops a notification whose status is gone.

/** The stable key of a group across its changes (its id changes as actors join: the newest one's time). */
export const groupKeyOf = (view: NotificationView) => `${typeOfKind[view.kind]}-${view.id}`;

/** The status a group is about: the comment (a comment, a mention in one), else the post; none for follows. */
const commentOf = (view: NotificationView) =>
  view.kind === 'comment' || view.kind === 'mention' ? view.comment : null;

export type NotificationPage = {
  views: NotificationView[];
  statuses: Map<string, MastodonStatus>;
  accounts: Map<string, MastodonAccount>;
};

/** What a page of groups shows: its statuses and its actors, in a fixed number of reads plus one a comment. */
export async function notificationPage(
  deps: MastodonDeps,
  request: FastifyRequest,
  actor: Actor,
  views: NotificationView[],
): Promise<NotificationPage> {
  const origin = originOf(deps, request);
  const postIds = views.flatMap((view) => (!commentOf(view) && view.post ? [view.post.id] : []));
  const cards = await statusCards(deps.store, actor.id, [...new Set(postIds)]);
  const comments = new Map<string, { comment: CommentView; post: PostCard }>();
  for (const view of views) {
    const comment = commentOf(view);
    if (!comment || comments.has(comment.id)) continue;
    const row = await deps.store.read.interactions.comment(comment.id);
    if (!row) continue;
    const found = await findStatus(deps.store, actor.id, {
      kind: 'comment',
      time: row.createdAt,
      uuid: comment.id,
    }).catch(() => null);
    if (found?.kind === 'comment') comments.set(comment.id, found);
  }
  const commented = [...comments.values()];
  const ctx = await statusContext(
    { store: deps.store },
    actor.id,
    origin,
    [...cards, ...commented.map((found) => found.post)],
    commented.map((found) => found.comment),
  );
  const byPost = new Map(cards.map((card) => [card.id, card]));
  const statuses = new Map<string, MastodonStatus>();
  const shown: NotificationView[] = [];
  for (const view of views) {
    const comment = commentOf(view);
    const found = comment && comments.get(comment.id);
    const card = !comment && view.post ? byPost.get(view.post.id) : undefined;
    if (found) {
      const { post } = found;
      statuses.set(view.id, commentStatus(ctx, found.comment, { ...post, authorId: post.author.id }));
    } else if (card) statuses.set(view.id, postStatus(ctx, card));
    else if (view.kind !== 'follow') continue;
    shown.push(view);
  }
  const actorIds = [...new Set(shown.flatMap((view) => view.actors.map((user) => user.id)))];
  const rows = actorIds.length > 0 ? await accountsOf(deps.store, actorIds) : [];
  const accounts = new Map(rows.map((row) => [row.id, mastodonAccount(origin, row)]));
  return { views: shown.filter((view) => accounts.has(view.actors[0]?.id ?? '')), statuses, accounts };
}

/** A v1 Notification: the group told by its newest actor. */
export function notificationEntity(page: NotificationPage, view: NotificationView) {
  const status = page.statuses.get(view.id);
  return {
    id: notificationId(view),
    type: typeOfKind[view.kind],
    created_at: view.at,
    group_key: groupKeyOf(view),
    account: page.accounts.get(view.actors[0]!.id)!,
    ...(status && { status }),
  };
}

/** A v2 NotificationGroup: the whole group, its accounts by id (the answer lists them once). */
export function notificationGroup(page: NotificationPage, view: NotificationView) {
  const id = notificationId(view);
  const status = page.statuses.get(view.id);
  return {
    group_key: groupKeyOf(view),
    notifications_count: view.actorCount,
    type: typeOfKind[view.kind],
    most_recent_notification_id: id,
    page_min_id: id,
    page_max_id: id,
    latest_page_notification_at: view.at,
    sample_account_ids: view.actors.map((user) => user.id).filter((userId) => page.accounts.has(userId)),
    ...(status && { status_id: status.id }),
  };
}

/** GroupedNotificationsResults: the groups, and each account and status they name, once. */
export function groupedResults(page: NotificationPage) {
  const statuses = new Map<string, MastodonStatus>();
  for (const view of page.views) {
    const status = page.statuses.get(view.id);
    if (status) statuses.set(status.id, status);
  }
  return {
    accounts: [...page.accounts.values()],
    statuses: [...statuses.values()],
    notification_groups: page.views.map((view) => notificationGroup(page, view)),
  };
}
