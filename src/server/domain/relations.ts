import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { notBuilt } from './not-built.js';
import type { RelationsView } from './views.js';

export type RelationKind = 'block' | 'mute';

/** Block: both ways hidden, follows both ways removed. Mute: hidden from me alone. Idempotent. */
export async function relate(
  _store: Store,
  _actor: Actor,
  _kind: RelationKind,
  _username: string,
): Promise<void> {
  return notBuilt('relate');
}
export async function unrelate(
  _store: Store,
  _actor: Actor,
  _kind: RelationKind,
  _username: string,
): Promise<void> {
  return notBuilt('unrelate');
}
/** Whom I blocked and muted, most recent first (at most 500 of each). */
export async function relationsOf(_store: Store, _actor: Actor): Promise<RelationsView> {
  return notBuilt('relationsOf');
}
