import { emailKey, handleBase, handleCandidate, isEmailLike, isHandle } from '../../shared/handle.js';
import { memberSearchKeys } from '../../shared/search-fold.js';
import { usernameKey } from '../../shared/username-key.js';
import { usernameSkeleton } from '../../shared/username-skeleton.js';

export type NamedMember = { id: string; username: string; firstName: string; lastName: string };

/** What a member whose username was not a handle becomes: the new handle, its keys, and their email. */
export type HandleFill = {
  id: string;
  former: string;
  formerKey: string;
  username: string;
  usernameKey: string;
  usernameSkeleton: string;
  searchUsername: string;
  email: string | null;
  emailKey: string | null;
};

/**
 * Migration 0026_handles (PostgreSQL 0025_handles) gives every member whose username is not a handle one
 * (docs/decisions/0016-handle-and-email.md): an email-like username becomes their email and its local part
 * the handle's base; a number is added while the handle is taken, reserved, a former name, or looks like a
 * member's (their skeletons). Pure, so both engines plan alike; `taken` holds every username key, former
 * key and skeleton the instance has, and grows with each handle made.
 */
export function planHandles(
  members: NamedMember[],
  taken: { keys: Set<string>; skeletons: Set<string> },
): HandleFill[] {
  return members.map((member) => {
    const base = handleBase(member.username);
    const free = (name: string) =>
      isHandle(name) && !taken.keys.has(usernameKey(name)) && !taken.skeletons.has(usernameSkeleton(name));
    let n = 1;
    while (!free(handleCandidate(base, n))) n++;
    const handle = handleCandidate(base, n);
    const skeleton = usernameSkeleton(handle);
    taken.keys.add(usernameKey(handle));
    taken.skeletons.add(skeleton);
    const email = isEmailLike(member.username) ? member.username : null;
    return {
      id: member.id,
      former: member.username,
      formerKey: usernameKey(member.username),
      username: handle,
      usernameKey: usernameKey(handle),
      usernameSkeleton: skeleton,
      searchUsername: memberSearchKeys({ ...member, username: handle }).searchUsername,
      email,
      emailKey: email === null ? null : emailKey(email),
    };
  });
}
