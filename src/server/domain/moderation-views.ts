import { limits } from '../../shared/limits.js';
import type { AdminMemberRow, AuditRow, ReportRow } from '../store/store.js';
import { encodeCursor, type Cursor } from './cursor.js';
import { statusOf } from './roles.js';
import {
  isoTime,
  type AdminMemberView,
  type AuditAction,
  type AuditEntryView,
  type Page,
  type ReportView,
} from './views.js';

// The admin screens' shapes (domain/views.ts) from the store's rows, and their pages.

export const memberView = (m: AdminMemberRow): AdminMemberView => ({
  id: m.id,
  username: m.username,
  firstName: m.firstName,
  lastName: m.lastName,
  profilePic: m.profilePic,
  role: m.role,
  status: statusOf(m),
  createdAt: isoTime(m.createdAt),
  postCount: m.postCount,
  openReports: m.openReports,
});

function targetOf(r: ReportRow): ReportView['target'] {
  if (r.targetKind === 'member') return { kind: 'member' };
  if (r.targetKind === 'post') return { kind: 'post', postId: r.postId };
  return { kind: 'comment', postId: r.postId, commentId: r.commentId };
}

export const reportView = (r: ReportRow): ReportView => ({
  id: r.id,
  target: targetOf(r),
  // A deleted post or comment leaves its id null (the foreign keys set null).
  contentGone:
    r.targetKind === 'post' ? r.postId === null : r.targetKind === 'comment' && r.commentId === null,
  excerpt: r.excerpt,
  subject: memberView(r.subject),
  reporter: r.reporter,
  reason: r.reason as ReportView['reason'],
  note: r.note,
  createdAt: isoTime(r.createdAt),
  resolvedAt: r.resolvedAt === null ? null : isoTime(r.resolvedAt),
  resolvedBy: r.resolvedBy,
  resolution: r.resolution,
});

export const auditView = (e: AuditRow): AuditEntryView => ({
  id: e.id,
  actor: e.actorName,
  action: e.action as AuditAction,
  subject: e.subjectName,
  detail: e.detail,
  reason: e.reason,
  reportId: e.reportId,
  createdAt: isoTime(e.createdAt),
});

/** A page from a read of a page and one more: the views, and the cursor of the last when more follow. */
export function pageOf<Row, T>(rows: Row[], keyOf: (row: Row) => Cursor, view: (row: Row) => T): Page<T> {
  const items = rows.slice(0, limits.pageSize);
  const last = items.at(-1);
  return {
    items: items.map(view),
    nextCursor: rows.length > limits.pageSize && last ? encodeCursor(keyOf(last)) : null,
  };
}
