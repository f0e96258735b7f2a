import { randomBytes } from 'node:crypto';
import { limits } from '../../shared/limits.js';
import type { InviteRow, Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { badRequest, forbidden, messages, notFound } from './errors.js';
import { instanceSettings } from './instance-settings.js';
import { hasRole } from './roles.js';
import { isoTime, type InviteView } from './views.js';

// Invite codes for registration "invite". A code is a bearer secret: whoever holds it may sign up
// while it is usable, so it is random (crypto), and a member never learns whether someone else's code exists.

/** An admin's list shows everyone's codes, a member's their own: at most this many, newest first. */
const listedMax = 200;
const dayMs = 24 * 60 * 60 * 1000;

/** 16 URL-safe characters (96 random bits): unguessable, and short enough to read out or paste. */
const newCode = () => randomBytes(12).toString('base64url');

const { memberInviteDaysMax, memberInviteUsesMax, memberLiveInvitesMax } = limits;

export const inviteMessages = {
  memberExpiry: `A member's invite must expire, in at most ${memberInviteDaysMax} days.`,
  memberUses: `A member's invite allows at most ${memberInviteUsesMax} uses.`,
  memberLive: `You may hold at most ${memberLiveInvitesMax} live invites at once: revoke one, or wait until one expires or is used up.`,
};

/** Whether a code still lets someone sign up at `at`: not expired, and a use left. */
export const isUsable = (invite: Pick<InviteRow, 'expiresAt' | 'maxUses' | 'uses'>, at: number) =>
  (invite.expiresAt === null || invite.expiresAt > at) &&
  (invite.maxUses === null || invite.uses < invite.maxUses);

const viewOf = (invite: InviteRow, at: number): InviteView => ({
  code: invite.code,
  createdBy: invite.createdBy,
  createdAt: isoTime(invite.createdAt),
  expiresAt: invite.expiresAt === null ? null : isoTime(invite.expiresAt),
  maxUses: invite.maxUses,
  uses: invite.uses,
  usable: isUsable(invite, at),
});

/**
 * Admins, and members (moderators too) when the admin allows it (`invitesByMembers`). A code is a way in
 * for anyone who holds it, so a member's codes are bounded (shared/limits.ts): they expire within a week,
 * allow a few signups, and a member holds only a few live at once. A request outside the bounds is refused,
 * not clamped, so the member never holds a code other than the one they asked for. Admins choose freely.
 */
export async function createInvite(
  store: Store,
  actor: Actor,
  input: { expiresInDays: 1 | 7 | 30 | null; maxUses: number | null },
): Promise<InviteView> {
  const bounded = !hasRole(actor.role, 'admin');
  if (bounded) {
    // Registration does not matter here; only whether members may invite.
    const { invitesByMembers } = await instanceSettings(store, 'open');
    if (!invitesByMembers) throw forbidden(messages.invitesAdminsOnly);
    if (input.expiresInDays === null || input.expiresInDays > memberInviteDaysMax) {
      throw badRequest(inviteMessages.memberExpiry);
    }
    if (input.maxUses === null || input.maxUses > memberInviteUsesMax) {
      throw badRequest(inviteMessages.memberUses);
    }
  }
  const at = now();
  const row = {
    code: newCode(),
    createdBy: actor.id,
    createdAt: at,
    expiresAt: input.expiresInDays === null ? null : at + input.expiresInDays * dayMs,
    maxUses: input.maxUses,
  };
  const inserted = await store.write(async (tx) => {
    if (bounded) {
      // The member's creations take turns (PostgreSQL), so two at once cannot both take the last place.
      await tx.members.lock(actor.id);
      if ((await tx.invites.liveCount(actor.id, at)) >= memberLiveInvitesMax) {
        throw badRequest(inviteMessages.memberLive);
      }
    }
    return tx.invites.insert(row);
  });
  // 96 random bits do not collide; if they ever did, the insert writes nothing and this says so.
  if (!inserted) throw new Error('createInvite: the code exists');
  // Only the public fields: the creator's own view also carries their email.
  const {
    role: _role,
    status: _status,
    email: _email,
    handleChangesLeft: _left,
    ...createdBy
  } = (await store.read.account.view(actor.id))!;
  return viewOf({ ...row, createdBy, uses: 0 }, at);
}

/** My codes, newest first; an admin sees everyone's (at most 200). */
export async function listInvites(store: Store, actor: Actor): Promise<InviteView[]> {
  const rows = hasRole(actor.role, 'admin')
    ? await store.read.invites.newest(listedMax)
    : await store.read.invites.byCreator(actor.id, listedMax);
  const at = now();
  return rows.map((row) => viewOf(row, at));
}

/**
 * The creator or an admin. Anyone else is told the code is not found, as for a code that does not exist, so
 * revoking cannot be used to learn which codes exist.
 */
export async function revokeInvite(store: Store, actor: Actor, code: string): Promise<void> {
  await store.write(async (tx) => {
    const creator = await tx.invites.creatorOf(code);
    if (creator === undefined || (creator !== actor.id && !hasRole(actor.role, 'admin'))) {
      throw notFound(messages.inviteNotFound);
    }
    await tx.invites.delete(code);
  });
}
