import type { AdminMemberView, AuditEntryView, ReportView } from '../../server/domain/views';

// The words of the admin screens (/admin, /admin/reports, /admin/log), in one place.

export type Role = AdminMemberView['role'];
export type MemberStatus = AdminMemberView['status'];

export const roleLabels: Record<Role, string> = { member: 'Member', moderator: 'Moderator', admin: 'Admin' };

export const statusLabels: Record<MemberStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  limited: 'Limited',
  suspended: 'Suspended',
};

export const reasonLabels: Record<ReportView['reason'], string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  illegal: 'Illegal content',
  other: 'Other',
};

/** How a resolved report ended, after "Resolved by @x:". */
export const resolutionWords: Record<NonNullable<ReportView['resolution']>, string> = {
  remove: 'removed the content',
  limit: 'limited the member',
  suspend: 'suspended the member',
  dismiss: 'dismissed the report',
};

const rank: Record<Role, number> = { member: 0, moderator: 1, admin: 2 };

/** As domain/roles.ts requireAbove: a moderator acts on members, an admin on members and moderators. */
export const actsOn = (viewer: Role, subject: Role) => rank[viewer] > rank[subject];

export type MemberAction = 'approve' | 'suspend' | 'unsuspend' | 'limit' | 'unlimit';

/**
 * The buttons a member's row offers, by slot: a slot keeps its button when its action flips (Suspend becomes
 * Unsuspend), so focus stays on it after the change.
 */
export type ActionSlot = { slot: 'approve' | 'suspension' | 'limit'; action: MemberAction; label: string };

export function memberActions(viewer: Role, member: Pick<AdminMemberView, 'role' | 'status'>): ActionSlot[] {
  if (!actsOn(viewer, member.role)) return [];
  const slots: ActionSlot[] = [];
  if (member.status === 'pending') slots.push({ slot: 'approve', action: 'approve', label: 'Approve' });
  if (member.status === 'active') slots.push({ slot: 'limit', action: 'limit', label: 'Limit' });
  if (member.status === 'limited') slots.push({ slot: 'limit', action: 'unlimit', label: 'Unlimit' });
  slots.push(
    member.status === 'suspended'
      ? { slot: 'suspension', action: 'unsuspend', label: 'Unsuspend' }
      : { slot: 'suspension', action: 'suspend', label: 'Suspend' },
  );
  return slots;
}

/** The question a member action asks before it is done. */
export const actionQuestions: Record<MemberAction, (username: string) => string> = {
  approve: (u) => `Approve @${u}? They can use Realm as soon as they next open it.`,
  suspend: (u) =>
    `Suspend @${u}? They are signed out everywhere at once, cannot log in, and what they wrote is hidden. This can be undone.`,
  unsuspend: (u) => `Unsuspend @${u}? They can log in again and what they wrote is shown again.`,
  limit: (u) => `Limit @${u}? They are hidden from Explore and Who to follow.`,
  unlimit: (u) => `Lift the limit on @${u}? They are shown in Explore and Who to follow again.`,
};

/** The toast after a member action: "Suspended @bob." */
export const actionDone: Record<MemberAction, string> = {
  approve: 'Approved',
  suspend: 'Suspended',
  unsuspend: 'Unsuspended',
  limit: 'Limited',
  unlimit: 'Lifted the limit on',
};

/** What a report is about, as its heading says: "A post by @bob", "A comment by @bob", "@bob". */
export function reportTitle(report: Pick<ReportView, 'target' | 'subject'>): string {
  const who = `@${report.subject.username}`;
  if (report.target.kind === 'post') return `A post by ${who}`;
  if (report.target.kind === 'comment') return `A comment by ${who}`;
  return `The member ${who}`;
}

/** The actions an open report offers the viewer, in order. */
export function reportActions(
  viewer: Role,
  report: Pick<ReportView, 'target' | 'contentGone' | 'subject'>,
): { action: 'remove' | 'limit' | 'suspend' | 'dismiss'; label: string }[] {
  const actions: { action: 'remove' | 'limit' | 'suspend' | 'dismiss'; label: string }[] = [];
  if (report.target.kind !== 'member' && !report.contentGone) {
    actions.push({ action: 'remove', label: 'Remove content' });
  }
  if (actsOn(viewer, report.subject.role)) {
    if (report.subject.status === 'active') actions.push({ action: 'limit', label: 'Limit member' });
    if (report.subject.status !== 'suspended') actions.push({ action: 'suspend', label: 'Suspend member' });
  }
  actions.push({ action: 'dismiss', label: 'Dismiss' });
  return actions;
}

/**
 * One audit entry as a sentence in three parts around its subject: "alice" + "suspended" + "bob" + "";
 * "alice" + "changed the role of" + "bob" + " to moderator"; "alice" + "changed the instance settings".
 * `showDetail` is false where the sentence already says the detail (the new role).
 */
export function auditWords(entry: Pick<AuditEntryView, 'action' | 'subject' | 'detail'>): {
  verb: string;
  subject: string | null;
  after: string;
  showDetail: boolean;
} {
  const subject = entry.subject || null;
  const plain = (verb: string) => ({ verb, subject, after: '', showDetail: entry.detail !== '' });
  switch (entry.action) {
    case 'remove-post':
      return plain(subject ? 'removed a post by' : 'removed a post');
    case 'remove-comment':
      return plain(subject ? 'removed a comment by' : 'removed a comment');
    case 'limit':
      return plain('limited');
    case 'unlimit':
      return plain('lifted the limit on');
    case 'suspend':
      return plain('suspended');
    case 'unsuspend':
      return plain('unsuspended');
    case 'approve':
      return plain('approved');
    case 'dismiss-report':
      return plain(subject ? 'dismissed a report about' : 'dismissed a report');
    case 'instance-settings':
      return {
        verb: 'changed the instance settings',
        subject: null,
        after: '',
        showDetail: entry.detail !== '',
      };
    case 'set-role': {
      // The detail is the new role ("moderator"), perhaps after the old one ("member → moderator").
      const role = /\b(member|moderator|admin)\s*$/i.exec(entry.detail.trim())?.[1]?.toLowerCase();
      return {
        verb: subject ? 'changed the role of' : 'changed a role',
        subject,
        after: role ? ` to ${role}` : '',
        showDetail: entry.detail.trim().toLowerCase() !== (role ?? ''),
      };
    }
  }
}

/** The whole sentence, as a screen reader or a test reads it. */
export function auditSentence(
  entry: Pick<AuditEntryView, 'actor' | 'action' | 'subject' | 'detail'>,
): string {
  const words = auditWords(entry);
  return `${entry.actor} ${words.verb}${words.subject ? ` ${words.subject}` : ''}${words.after}`;
}

/** Rules as the settings form edits them: one a line; blank lines dropped, spaces around each trimmed. */
export const rulesFromText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '');

export const rulesToText = (rules: readonly string[]) => rules.join('\n');
