import type { NotificationKind } from '../../store/store.js';
import { typeOfKind } from '../notification-reader.js';

// The alerts of a push subscription (entities/WebPushSubscription.md): every type an app may ask for. Realm
// makes some of them (typeOfKind: a like is a favourite, a boost a reblog, a comment on one's post is told
// as a mention, as the notification list tells it); an alert for the others is kept as asked and never fires.
export const alertTypes = [
  'mention',
  'quote',
  'status',
  'reblog',
  'follow',
  'follow_request',
  'favourite',
  'poll',
  'update',
  'quoted_update',
  'admin.sign_up',
  'admin.report',
] as const;

export type AlertType = (typeof alertTypes)[number];

/** The alert a notification of this kind is pushed under: its type in the notification list. */
export const alertOfKind = (kind: NotificationKind): AlertType => typeOfKind[kind];
