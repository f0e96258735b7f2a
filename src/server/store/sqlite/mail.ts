import type { ClaimedMail, MailReads, MailWrites } from '../store.js';
import type { Db } from './client.js';
import { preparedOnce } from './prepared.js';

const statements = preparedOnce((db: Db) => ({
  // mail_outbox_due_idx: the first entry is the soonest.
  nextDue: db.$client
    .prepare<[], number | null>('select min(next_attempt_at) as at from mail_outbox')
    .pluck(),
  queue: db.$client.prepare<{
    id: string;
    recipient: string;
    subject: string;
    text: string;
    html: string;
    createdAt: number;
  }>(
    `insert into mail_outbox (id, recipient, subject, text, html, created_at, next_attempt_at)
     values (:id, :recipient, :subject, :text, :html, :createdAt, :createdAt)`,
  ),
  // A write transaction holds SQLite's one write lock (IMMEDIATE, every worker), so the select and the update
  // are one step: two workers never take the same mail. mail_outbox_due_idx finds the due ones.
  claim: db.$client.prepare<{ now: number; leaseId: string; leaseUntil: number; limit: number }, ClaimedMail>(
    `update mail_outbox set next_attempt_at = :leaseUntil, lease_id = :leaseId, attempts = attempts + 1
     where id in (select id from mail_outbox where next_attempt_at <= :now order by next_attempt_at limit :limit)
     returning id, recipient, subject, text, html, created_at as createdAt, attempts`,
  ),
  remove: db.$client.prepare<[string]>('delete from mail_outbox where id = ?'),
  retryLater: db.$client.prepare<{ id: string; leaseId: string; at: number; error: string }>(
    `update mail_outbox set next_attempt_at = :at, lease_id = null, last_error = :error
     where id = :id and lease_id = :leaseId`,
  ),
}));

export function mailReads(db: Db): MailReads {
  return { nextDue: async () => statements(db).nextDue.get() ?? null };
}

/** `queued` is called once per mail queued in the open transaction (the gate runs one at a time: index.ts). */
export function mailWrites(db: Db, queued: () => void): MailWrites {
  return {
    queue: async (mail) => {
      statements(db).queue.run(mail);
      queued();
    },
    claim: async (input) => statements(db).claim.all(input),
    remove: async (id) => void statements(db).remove.run(id),
    retryLater: async (id, leaseId, at, error) =>
      statements(db).retryLater.run({ id, leaseId, at, error }).changes > 0,
  };
}
