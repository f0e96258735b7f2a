import { handle } from '../../shared/schemas.js';
import { usernameKey } from '../../shared/username-key.js';
import { usernameSkeleton } from '../../shared/username-skeleton.js';
import type { Store } from '../store/store.js';

export const handleTakenText = 'That handle is taken. Please choose another.';
export const handleLookalikeText = 'That handle looks like one a member has. Please choose another.';

/**
 * Whether a handle may be signed up with, and if not why: the signup form asks as it is typed
 * (docs/web-app.md, "Sign up"). A handle a member has, or had (a former handle), is taken; one that looks
 * like a member's is refused as signup would. It tells no more than signup itself would.
 */
export async function handleAvailability(
  store: Store,
  name: string,
): Promise<{ available: true } | { available: false; reason: string }> {
  const parsed = handle.safeParse(name);
  if (!parsed.success) return { available: false, reason: parsed.error.issues[0]!.message };
  if (await store.read.members.idByKey(usernameKey(parsed.data)))
    return { available: false, reason: handleTakenText };
  if (await store.read.members.skeletonTaken(usernameSkeleton(parsed.data)))
    return { available: false, reason: handleLookalikeText };
  return { available: true };
}
