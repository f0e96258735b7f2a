import type { ProfileFields } from '../../shared/schemas.js';
import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';

/**
 * docs/differences-from-the-mock.md item 5: only the editable fields change; the caller's schema has already
 * dropped the rest.
 */
export async function editProfile(store: Store, actor: Actor, fields: ProfileFields): Promise<void> {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  await store.write((tx) => tx.members.update(actor.id, changes, now()));
}
