import { eq } from 'drizzle-orm';
import type { ProfileFields } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';

/** PRODUCT.md item 5: only the editable fields change; the caller's schema has already dropped the rest. */
export function editProfile(db: Db, actor: Actor, fields: ProfileFields): void {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  db.update(users)
    .set({ ...changes, updatedAt: now() })
    .where(eq(users.id, actor.id))
    .run();
}
