import { handle } from '../../shared/schemas.js';
import { usernameKey } from '../../shared/username-key.js';
import { usernameSkeleton } from '../../shared/username-skeleton.js';
import type { Store } from '../store/store.js';

/**
 * Where an old profile address goes: `/profile/<a former handle>` answers the member's current one, or null
 * when the name is their handle (in any case) or nobody's (docs/decisions/0016-handle-and-email.md).
 */
export async function currentProfilePath(store: Store, path: string): Promise<string | null> {
  const match = /^\/profile\/([^/]+)$/.exec(path);
  if (!match) return null;
  let name: string;
  try {
    name = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const id = await store.read.members.idByKey(usernameKey(name));
  const member = id === undefined ? undefined : await store.read.members.actor(id);
  if (!member || usernameKey(member.username) === usernameKey(name)) return null;
  return `/profile/${encodeURIComponent(member.username)}`;
}

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
