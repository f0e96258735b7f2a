import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { notBuilt } from './not-built.js';
import type { TokenKeys } from './tokens.js';
import type { AccountArchive, AccountView } from './views.js';

export async function accountOf(_store: Store, _actor: Actor): Promise<AccountView> {
  return notBuilt('accountOf');
}
/** Needs the current password; ends every session but this one, whose new token it answers. */
export async function changePassword(
  _store: Store,
  _keys: TokenKeys,
  _actor: Actor,
  _input: { currentPassword: string; newPassword: string },
): Promise<{ token: string }> {
  return notBuilt('changePassword');
}
/** Ends every session of the member, this one too. */
export async function signOutEverywhere(_store: Store, _actor: Actor): Promise<void> {
  return notBuilt('signOutEverywhere');
}
/** Confirmed with the password: deletes the member and all they made, and frees the username. */
export async function deleteAccount(_store: Store, _actor: Actor, _password: string): Promise<void> {
  return notBuilt('deleteAccount');
}
export async function exportAccount(_store: Store, _actor: Actor): Promise<AccountArchive> {
  return notBuilt('exportAccount');
}
