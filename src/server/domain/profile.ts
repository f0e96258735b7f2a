import type { ProfileFields } from '../../shared/schemas.js';
import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { applyPictureChanges } from './profile-pictures.js';

/**
 * docs/differences-from-the-mock.md item 5: only the editable fields change; the caller's schema has already
 * dropped the rest. A picture field may name one of the member's uploaded avatars or banners; the one it
 * replaces is deleted in the same write (profile-pictures.ts).
 */
export async function editProfile(store: Store, actor: Actor, fields: ProfileFields): Promise<void> {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  await store.write(async (tx) => {
    await applyPictureChanges(tx, actor.id, fields);
    await tx.members.update(actor.id, changes, now());
  });
}
