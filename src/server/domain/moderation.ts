import type { ReportAction } from '../../shared/community-schemas.js';
import { usernameKey } from '../../shared/schemas.js';
import type {
  AdminMemberRow,
  MemberChanges,
  MemberFilter,
  Role,
  Store,
  StoredReport,
  Tx,
} from '../store/store.js';
import { recordAudit } from './audit.js';
import type { Actor } from './auth.js';
import { now } from './clock.js';
import { eraseComment } from './comments.js';
import { decodeCursor } from './cursor.js';
import { badRequest, DomainError, messages, notFound } from './errors.js';
import { auditView, memberView, pageOf, reportView } from './moderation-views.js';
import { erasePost } from './posts.js';
import { requireAbove, requireRole, statusOf, type MemberStatus } from './roles.js';
import type { AdminMemberView, AuditAction, AuditEntryView, Page, ReportView } from './views.js';

// Moderators and admins: the reports queue, actions on members and content, and the audit log. The CLI
// (`realm admin`) calls the same rules as `commandLine`. Every rule checks the caller's role first, so a
// refused caller learns nothing; every action writes its audit entry in the transaction that does it.

/** `realm admin`: acts with an admin's rights on anyone, admins included; logged as "(command line)". */
export const commandLine = { id: null, username: '(command line)', role: 'admin' } as const;
export type Moderator = Actor | typeof commandLine;

export const moderationMessages = {
  removeMember:
    'A report about a member has no content to remove: limit or suspend the member, or dismiss the report.',
  ownRole: 'You cannot change your own role.',
  yourself: 'You cannot moderate your own account.',
  reportAboutYou: 'You cannot resolve a report about yourself.',
  sameRole: (name: string, role: Role) => `${name} is already ${role === 'admin' ? 'an' : 'a'} ${role}.`,
  notApplicable: (action: MemberAction, name: string, status: MemberStatus) =>
    `Only ${memberActions[action].from.join(' or ')} members can be ${memberActions[action].done}; ${name} is ${status}.`,
};

export type MemberAction = 'approve' | 'suspend' | 'unsuspend' | 'limit' | 'unlimit';

/** Which states each action applies to, and what it changes. */
const memberActions: Record<
  MemberAction,
  { from: MemberStatus[]; done: string; change: (at: number) => MemberChanges }
> = {
  approve: { from: ['pending'], done: 'approved', change: () => ({ status: 'active' }) },
  suspend: { from: ['active', 'limited'], done: 'suspended', change: () => ({ status: 'suspended' }) },
  unsuspend: { from: ['suspended'], done: 'unsuspended', change: () => ({ status: 'active' }) },
  limit: { from: ['active'], done: 'limited', change: (at) => ({ limitedAt: at }) },
  unlimit: { from: ['limited'], done: 'unlimited', change: () => ({ limitedAt: null }) },
};

/** A moderator acts on members below them, never on themselves; the command line on anyone. */
function mayActOn(actor: Moderator, subject: AdminMemberRow) {
  if (actor.id === null) return;
  if (actor.id === subject.id) throw badRequest(moderationMessages.yourself);
  requireAbove(actor, subject);
}

/** The member, their row locked until the write ends (PostgreSQL). */
async function lockedMember(tx: Tx, id: string | undefined): Promise<AdminMemberRow> {
  const member = id !== undefined && (await tx.members.lock(id)) ? await tx.moderation.member(id) : undefined;
  if (!member) throw notFound(messages.userNotFound);
  return member;
}

const memberNamed = async (tx: Tx, username: string) =>
  lockedMember(tx, await tx.members.idByKey(usernameKey(username)));

async function answerMember(tx: Tx, id: string): Promise<AdminMemberView> {
  return memberView((await tx.moderation.member(id))!);
}

/**
 * Approves, suspends, unsuspends, limits or unlimits the member. A suspension ends their sessions at once
 * (resolveActor reads the state on every request; `session-ended` closes their open streams) and resolves
 * the open reports about them.
 */
async function actOnMember(
  tx: Tx,
  actor: Moderator,
  action: MemberAction,
  subject: AdminMemberRow,
  reason: string,
  reportId: string | null = null,
) {
  mayActOn(actor, subject);
  const status = statusOf(subject);
  const { from, change } = memberActions[action];
  if (!from.includes(status)) {
    throw badRequest(moderationMessages.notApplicable(action, subject.username, status));
  }
  const at = now();
  await tx.members.update(subject.id, change(at), at);
  if (action === 'suspend') {
    await tx.reports.resolveOpen({ memberId: subject.id }, { at, by: actor.id, action: 'suspend' });
    tx.live.emit({ type: 'session-ended', memberId: subject.id });
  }
  await recordAudit(tx, actor, { action, subject, reason, reportId });
}

type Content = { kind: 'post'; postId: string } | { kind: 'comment'; postId: string; commentId: string };

/** The post or comment with its text and author, its post locked; undefined when it is gone. */
async function findContent(tx: Tx, content: Content) {
  const post = await tx.posts.lock(content.postId);
  if (!post) return undefined;
  if (content.kind === 'post') {
    const { text } = (await tx.reports.postText(post.id))!;
    return { post, comment: null, authorId: post.authorId, text };
  }
  const comment = await tx.reports.commentText(post.id, content.commentId);
  if (!comment) return undefined;
  return { post, comment: { id: content.commentId, ...comment }, ...comment };
}

type Found = NonNullable<Awaited<ReturnType<typeof findContent>>>;

/**
 * Deletes the post or comment as its owner's delete does (its notifications, live events), and resolves
 * the open reports on it (a post's: its comments' too) with it.
 */
async function erase(tx: Tx, actor: Moderator, found: Found) {
  const resolution = { at: now(), by: actor.id, action: 'remove' } as const;
  if (found.comment) {
    await tx.reports.resolveOpen({ commentId: found.comment.id }, resolution);
    await eraseComment(tx, found.post, found.comment);
  } else {
    await tx.reports.resolveOpen({ postId: found.post.id }, resolution);
    await erasePost(tx, found.post.id);
  }
}

const removal = (kind: 'post' | 'comment'): AuditAction =>
  kind === 'post' ? 'remove-post' : 'remove-comment';

function contentOfReport(report: StoredReport): Content | undefined {
  if (report.targetKind === 'member') throw badRequest(moderationMessages.removeMember);
  if (report.postId === null) return undefined;
  if (report.targetKind === 'post') return { kind: 'post', postId: report.postId };
  return report.commentId === null
    ? undefined
    : { kind: 'comment', postId: report.postId, commentId: report.commentId };
}

export async function reportsPage(
  store: Store,
  actor: Actor,
  state: 'open' | 'resolved',
  cursor: string | null | undefined,
): Promise<Page<ReportView>> {
  requireRole(actor, 'moderator');
  if (state === 'open') {
    const key = cursor ? decodeCursor(cursor, ['number', 'string']) : null;
    const rows = await store.read.moderation.reports('open', key);
    return pageOf(rows, (r) => [r.createdAt, r.id], reportView);
  }
  const key = cursor ? decodeCursor(cursor, ['number', 'number', 'string']) : null;
  const rows = await store.read.moderation.reports('resolved', key);
  return pageOf(rows, (r) => [r.resolvedAt!, r.createdAt, r.id], reportView);
}

/**
 * Resolves an open report with an action on what it is about: remove the content, limit or suspend its
 * member, or dismiss it. Answers the report as the queue now shows it.
 */
export async function resolveReport(
  store: Store,
  actor: Actor,
  input: { reportId: string; action: ReportAction; reason: string },
): Promise<ReportView> {
  requireRole(actor, 'moderator');
  const { action, reason } = input;
  return store.write(async (tx) => {
    const report = await tx.reports.lock(input.reportId);
    if (!report) throw notFound(messages.reportNotFound);
    if (report.resolvedAt !== null) throw new DomainError(409, messages.reportResolved, 'CONFLICT');
    const subject = await lockedMember(tx, report.subjectId);
    const reportId = report.id;
    if (action === 'remove') {
      const content = contentOfReport(report);
      mayActOn(actor, subject);
      const found = content && (await findContent(tx, content));
      if (found) await erase(tx, actor, found);
      // Content its author deleted already: the report resolves as removed, and the log says so.
      const detail = found ? report.excerpt : `(already deleted) ${report.excerpt}`;
      const removed = removal(report.targetKind as 'post' | 'comment');
      await recordAudit(tx, actor, { action: removed, subject, detail, reason, reportId });
    } else if (action === 'dismiss') {
      if (subject.id === actor.id) throw badRequest(moderationMessages.reportAboutYou);
      const detail = report.excerpt;
      await recordAudit(tx, actor, { action: 'dismiss-report', subject, detail, reason, reportId });
    } else {
      await actOnMember(tx, actor, action, subject, reason, reportId);
    }
    await tx.reports.resolve(reportId, { at: now(), by: actor.id, action });
    return reportView((await tx.moderation.report(reportId))!);
  });
}

/** Moderators: usernames starting with `query` (any case), a state, or everyone newest first. */
export async function membersPage(
  store: Store,
  actor: Actor,
  input: { query: string; status?: AdminMemberView['status']; cursor?: string | null },
): Promise<Page<AdminMemberView>> {
  requireRole(actor, 'moderator');
  const prefix = usernameKey(input.query);
  const status = input.status ?? null;
  const filter: MemberFilter = {
    prefix,
    status: status === 'limited' ? 'active' : status,
    limited: status === 'limited' ? true : status === 'active' ? false : null,
  };
  if (prefix !== '') {
    const key = input.cursor ? decodeCursor(input.cursor, ['string']) : null;
    const rows = await store.read.moderation.members(filter, key);
    return pageOf(rows, (m) => [usernameKey(m.username)], memberView);
  }
  const key = input.cursor ? decodeCursor(input.cursor, ['number', 'string']) : null;
  const rows = await store.read.moderation.members(filter, key);
  return pageOf(rows, (m) => [m.createdAt, m.id], memberView);
}

/** Admins (and the command line): any role for a member below them, never their own. */
export async function setRole(
  store: Store,
  actor: Moderator,
  username: string,
  role: Role,
  reason: string,
): Promise<AdminMemberView> {
  requireRole(actor, 'admin');
  return store.write(async (tx) => {
    const subject = await memberNamed(tx, username);
    if (subject.id === actor.id) throw badRequest(moderationMessages.ownRole);
    mayActOn(actor, subject);
    if (subject.role === role) throw badRequest(moderationMessages.sameRole(subject.username, role));
    await tx.members.update(subject.id, { role }, now());
    await recordAudit(tx, actor, { action: 'set-role', subject, detail: role, reason });
    return answerMember(tx, subject.id);
  });
}

export async function moderateMember(
  store: Store,
  actor: Moderator,
  action: MemberAction,
  username: string,
  reason: string,
): Promise<AdminMemberView> {
  requireRole(actor, 'moderator');
  return store.write(async (tx) => {
    const subject = await memberNamed(tx, username);
    await actOnMember(tx, actor, action, subject, reason);
    return answerMember(tx, subject.id);
  });
}

/** The same removal as a report's, of content a moderator found themselves. */
export async function removeContent(
  store: Store,
  actor: Moderator,
  input:
    | { kind: 'post'; postId: string; reason: string }
    | { kind: 'comment'; postId: string; commentId: string; reason: string },
): Promise<void> {
  requireRole(actor, 'moderator');
  await store.write(async (tx) => {
    const found = await findContent(tx, input);
    if (!found) {
      const post = input.kind === 'post' || !(await tx.posts.find(input.postId));
      throw notFound(post ? messages.postNotFound : messages.commentNotFound);
    }
    const subject = await lockedMember(tx, found.authorId);
    mayActOn(actor, subject);
    await erase(tx, actor, found);
    const { reason } = input;
    await recordAudit(tx, actor, { action: removal(input.kind), subject, detail: found.text, reason });
  });
}

export async function auditPage(
  store: Store,
  actor: Actor,
  cursor: string | null | undefined,
): Promise<Page<AuditEntryView>> {
  requireRole(actor, 'moderator');
  const key = cursor ? decodeCursor<[number, string]>(cursor, ['number', 'string']) : null;
  const rows = await store.read.moderation.audit(key);
  return pageOf(rows, (e) => [e.createdAt, e.id], auditView);
}
