import type { AccountState, Role } from '../store/store.js';
import { forbidden, messages } from './errors.js';

// Who may do what beyond their own content. A role is checked inside each rule that needs it, as
// ownership is (docs/decisions/0004-community-moderation.md).

/** What the admin screens show: an account's state, and `limited` for an active member a moderator limited. */
export type MemberStatus = AccountState | 'limited';

const rank: Record<Role, number> = { member: 0, moderator: 1, admin: 2 };

/** Whether `role` is `least` or above. */
export const hasRole = (role: Role, least: Role) => rank[role] >= rank[least];

/** A moderator's or an admin's rule: refused with 403 and a message that says who may. */
export function requireRole(actor: { role: Role }, least: Exclude<Role, 'member'>): void {
  if (!hasRole(actor.role, least)) {
    throw forbidden(least === 'admin' ? messages.adminsOnly : messages.moderatorsOnly);
  }
}

/**
 * A moderator acts on members below them: a moderator on members, an admin on members and moderators. Nobody
 * acts on an admin but the command line (`realm admin`), so no admin can lock the others out.
 */
export function requireAbove(actor: { role: Role }, subject: { role: Role }): void {
  if (rank[actor.role] <= rank[subject.role]) throw forbidden(messages.notAboveSubject);
}

export const statusOf = (member: { status: AccountState; limitedAt: number | null }): MemberStatus =>
  member.status === 'active' && member.limitedAt !== null ? 'limited' : member.status;
