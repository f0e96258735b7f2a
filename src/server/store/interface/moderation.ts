import type { PublicUser } from '../../../shared/public-user.js';
import type { AuditRow } from './audit.js';
import type { SortKey } from './feeds.js';
import type { AccountState, Role } from './members.js';
import type { StoredReport } from './reports.js';

/** A member as the admin screens list them (domain/views.ts AdminMemberView), times in milliseconds. */
export type AdminMemberRow = PublicUser & {
  role: Role;
  status: AccountState;
  /** When a moderator limited them; null when not limited. */
  limitedAt: number | null;
  createdAt: number;
  postCount: number;
  /** Open reports about them. */
  openReports: number;
};

/** A report as the queue shows it: its members in full. */
export type ReportRow = Omit<StoredReport, 'reporterId' | 'subjectId' | 'resolvedBy'> & {
  subject: AdminMemberRow;
  reporter: PublicUser | null;
  resolvedBy: PublicUser | null;
};

/**
 * The members list narrowed: usernames whose key starts with `prefix` ('' for all), in a state, limited or
 * not (null: either).
 */
export type MemberFilter = { prefix: string; status: AccountState | null; limited: boolean | null };

/** What moderators read. Each answer is one statement; pages are a page and one more, on indexes. */
export type ModerationReads = {
  /**
   * Open reports oldest first by (createdAt, id) above `key`; resolved ones newest first by
   * (resolvedAt, createdAt, id) below `key`.
   */
  reports(state: 'open' | 'resolved', key: SortKey | null): Promise<ReportRow[]>;
  report(id: string): Promise<ReportRow | undefined>;
  /**
   * With a prefix: by username key after `key` ([usernameKey]), on the unique index. Without: newest first
   * by (createdAt, id) below `key`, on the status index when a status is given.
   */
  members(filter: MemberFilter, key: SortKey | null): Promise<AdminMemberRow[]>;
  member(id: string): Promise<AdminMemberRow | undefined>;
  /** The audit log, newest first by (createdAt, id) below `key`. */
  audit(key: [number, string] | null): Promise<AuditRow[]>;
};
