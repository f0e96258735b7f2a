import { v4 as uuid } from 'uuid';
import type { Tx } from '../store/store.js';
import { now } from './clock.js';
import type { AuditAction } from './views.js';

/** Who acted: a signed-in moderator or admin, or `realm admin` on the command line (id null). */
export type AuditActor = { id: string | null; username: string };

/**
 * Every moderation and administration action goes to the audit log in the transaction that does
 * it, so the log never shows an action that did not happen, nor misses one that did.
 */
export async function recordAudit(
  tx: Tx,
  actor: AuditActor,
  entry: {
    action: AuditAction;
    subject?: { id: string; username: string } | null;
    detail?: string;
    reason?: string;
    reportId?: string | null;
  },
): Promise<void> {
  await tx.audit.add({
    id: uuid(),
    actorId: actor.id,
    actorName: actor.username,
    action: entry.action,
    subjectId: entry.subject?.id ?? null,
    subjectName: entry.subject?.username ?? '',
    detail: entry.detail ?? '',
    reason: entry.reason ?? '',
    reportId: entry.reportId ?? null,
    createdAt: now(),
  });
}
