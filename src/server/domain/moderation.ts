import type { ReportAction } from '../../shared/community-schemas.js';
import type { Store } from '../store/store.js';
import type { Actor } from './auth.js';
import { notBuilt } from './not-built.js';
import type { Role } from './roles.js';
import type { AdminMemberView, AuditEntryView, Page, ReportView } from './views.js';

// Moderators and admins: the reports queue, actions on members and content, and the audit log. The CLI
// (`realm admin`) calls the same rules as `commandLine`.

/** `realm admin`: acts with an admin's rights on anyone, admins included; logged as "(command line)". */
export const commandLine = { id: null, username: '(command line)', role: 'admin' } as const;
export type Moderator = Actor | typeof commandLine;

export async function reportsPage(
  _store: Store,
  _actor: Actor,
  _state: 'open' | 'resolved',
  _cursor: string | null | undefined,
): Promise<Page<ReportView>> {
  return notBuilt('reportsPage');
}
export async function resolveReport(
  _store: Store,
  _actor: Actor,
  _input: { reportId: string; action: ReportAction; reason: string },
): Promise<ReportView> {
  return notBuilt('resolveReport');
}
export async function membersPage(
  _store: Store,
  _actor: Actor,
  _input: { query: string; status?: AdminMemberView['status']; cursor?: string | null },
): Promise<Page<AdminMemberView>> {
  return notBuilt('membersPage');
}
export async function setRole(
  _store: Store,
  _actor: Moderator,
  _username: string,
  _role: Role,
  _reason: string,
): Promise<AdminMemberView> {
  return notBuilt('setRole');
}
export type MemberAction = 'approve' | 'suspend' | 'unsuspend' | 'limit' | 'unlimit';
export async function moderateMember(
  _store: Store,
  _actor: Moderator,
  _action: MemberAction,
  _username: string,
  _reason: string,
): Promise<AdminMemberView> {
  return notBuilt('moderateMember');
}
export async function removeContent(
  _store: Store,
  _actor: Moderator,
  _input:
    | { kind: 'post'; postId: string; reason: string }
    | { kind: 'comment'; postId: string; commentId: string; reason: string },
): Promise<void> {
  return notBuilt('removeContent');
}
export async function auditPage(
  _store: Store,
  _actor: Actor,
  _cursor: string | null | undefined,
): Promise<Page<AuditEntryView>> {
  return notBuilt('auditPage');
}
