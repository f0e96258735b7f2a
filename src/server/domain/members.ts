import { usernameKey } from '../../shared/schemas.js';
import type { MemberListing, Store } from '../store/store.js';
import { now } from './clock.js';

// What an instance's administrator does to members (`realm admin`); account deletion will reuse deleteMember.

/**
 * The member a name means, matched as login matches it (without regard to case): their handle, their email
 * (the command line is the administrator's, who may know it) or a former handle.
 */
export async function findMember(
  store: Store,
  name: string,
): Promise<{ id: string; username: string } | undefined> {
  const member = await store.read.members.forLogin(usernameKey(name));
  return member && { id: member.id, username: member.username };
}

/** Every member, newest first, with what `realm admin list-users` shows of them. */
export function membersNewestFirst(store: Store): Promise<MemberListing[]> {
  return store.read.members.newestFirst();
}

/** What a member has written: what deleting them takes with them, and what `realm admin` asks about. */
export function contentOf(store: Store, userId: string): Promise<{ posts: number; comments: number }> {
  return store.read.members.contentOf(userId);
}

/**
 * Replaces a member's password hash (hash it with passwords.ts first) and ends their sessions in the same
 * transaction, as a password change does: an admin resets a password because the account may be in other
 * hands. False when there is no such member.
 */
export function setPasswordHash(store: Store, userId: string, passwordHash: string): Promise<boolean> {
  return store.write(async (tx) => {
    if (!(await tx.members.update(userId, { passwordHash }, now()))) return false;
    await tx.account.endSessions(userId);
    tx.live.emit({ type: 'session-ended', memberId: userId });
    return true;
  });
}

/**
 * Deletes a member and everything they made, in one write transaction; the counters on what stays (likes,
 * comment counts, follower counts) move back with it, and their open live streams close. Returns what went.
 */
export function deleteMember(store: Store, userId: string): Promise<{ posts: number; comments: number }> {
  return store.write(async (tx) => {
    const content = await tx.members.contentOf(userId);
    // Their pictures' rows go with them by the foreign keys; the files are released once this commits.
    tx.media.release(await tx.media.keysOfOwner(userId));
    await tx.members.delete(userId);
    tx.live.emit({ type: 'session-ended', memberId: userId });
    return content;
  });
}
