import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { notBuilt } from './not-built.js';
import type { InviteView } from './views.js';

/** Admins, and members when the admin allows it. */
export async function createInvite(
  _store: Store,
  _actor: Actor,
  _input: { expiresInDays: 1 | 7 | 30 | null; maxUses: number | null },
): Promise<InviteView> {
  return notBuilt('createInvite');
}
/** My codes, newest first; an admin sees everyone's (at most 200). */
export async function listInvites(_store: Store, _actor: Actor): Promise<InviteView[]> {
  return notBuilt('listInvites');
}
/** The creator or an admin. */
export async function revokeInvite(_store: Store, _actor: Actor, _code: string): Promise<void> {
  return notBuilt('revokeInvite');
}
