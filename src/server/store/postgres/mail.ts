import type { ClaimedMail, MailReads, MailWrites } from '../store.js';
import type { Queryable } from './queryable.js';
import { statement, writeStatement, type TextTimes } from './statement.js';

type Row = TextTimes<ClaimedMail, 'createdAt'>;

// mail_outbox_due_idx: the first entry is the soonest.
const nextDue = statement<{ at: string | null }>(
  'mail-next-due',
  'select min(next_attempt_at) as at from mail_outbox',
);
const queue = writeStatement(
  'mail-queue',
  `insert into mail_outbox (id, recipient, subject, text, html, created_at, next_attempt_at)
   values ($1, $2, $3, $4, $5, $6, $6)`,
);
// Nodes claiming at once: SKIP LOCKED passes over the rows another claim has locked, so each takes others,
// and the outer condition is checked again on the row as the lock found it (READ COMMITTED), so a mail
// another claim took between the select and the update is left alone.
const claim = statement<Row>(
  'mail-claim',
  `update mail_outbox set next_attempt_at = $3, lease_id = $2, attempts = attempts + 1
   where next_attempt_at <= $1 and id in (
     select id from mail_outbox where next_attempt_at <= $1 order by next_attempt_at limit $4
     for update skip locked)
   returning id, recipient, subject, text, html, created_at as "createdAt", attempts`,
);
const remove = writeStatement('mail-remove', 'delete from mail_outbox where id = $1');
const retryLater = writeStatement(
  'mail-retry-later',
  `update mail_outbox set next_attempt_at = $3, lease_id = null, last_error = $4
   where id = $1 and lease_id = $2`,
);

export function mailReads(db: Queryable): MailReads {
  return {
    nextDue: async () => {
      const at = (await nextDue(db, []))[0]?.at ?? null;
      return at === null ? null : Number(at);
    },
  };
}

/** `queued` is called once per mail queued in this transaction. */
export function mailWrites(db: Queryable, queued: () => void): MailWrites {
  return {
    queue: async (mail) => {
      await queue(db, [mail.id, mail.recipient, mail.subject, mail.text, mail.html, mail.createdAt]);
      queued();
    },
    claim: async ({ now, leaseId, leaseUntil, limit }) =>
      (await claim(db, [now, leaseId, leaseUntil, limit])).map((row) => ({
        ...row,
        createdAt: Number(row.createdAt),
      })),
    remove: async (id) => void (await remove(db, [id])),
    retryLater: async (id, leaseId, at, error) => (await retryLater(db, [id, leaseId, at, error])) > 0,
  };
}
