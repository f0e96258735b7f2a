import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';

// Where a member's apps stopped reading their home timeline (Mastodon's home marker), so another app of
// theirs starts there. The web app keeps its own place; notifications have the read marker
// (notification-views.ts). The marker is the app's status id, kept as the adapter checked it.

export function homeMarker(store: Store, memberId: string) {
  return store.read.account.homeMarker(memberId);
}

/** Saves the marker; answers when it was saved (Unix ms). */
export async function saveHomeMarker(store: Store, actor: Actor, statusId: string): Promise<number> {
  const at = now();
  await store.write((tx) => tx.account.setHomeMarker(actor.id, statusId, at));
  return at;
}
