import { randomUUID } from 'node:crypto';
import { isMailAddress } from '../../shared/mail-address.js';
import type { OutgoingMail, Tx } from '../store/store.js';
import { now } from './clock.js';
import { DomainError } from './errors.js';

// Mail Realm sends (docs/mail.md): written into the outbox inside the write that makes it, so a change and
// the mail that tells of it commit together or not at all; the sender (src/server/mail/sender.ts) takes it
// from there, trying again with a growing delay while the mail server is away.

/** What a template makes (src/server/mail/templates): a subject, the plain text and the HTML. */
export type MailContent = Omit<OutgoingMail, 'recipient'>;

/**
 * Queues one mail to `recipient` inside the write transaction `tx`; answers its id. Nothing is sent until
 * the transaction commits.
 */
export async function queueMail(tx: Tx, recipient: string, content: MailContent): Promise<string> {
  if (!isMailAddress(recipient)) throw new DomainError(400, 'That is not a mail address.', 'BAD_REQUEST');
  const id = randomUUID();
  await tx.mail.queue({ id, recipient, ...content, createdAt: now() });
  return id;
}

/** How a mail that failed is tried again: a delay doubling from the first, up to a cap, for so long. */
export type MailRetry = { firstDelayMs: number; maxDelayMs: number; giveUpAfterMs: number };

/** One minute, doubling to four hours, for two days: 19 tries (docs/mail.md, "Retries"). */
export const defaultMailRetry: MailRetry = {
  firstDelayMs: 60_000,
  maxDelayMs: 4 * 60 * 60_000,
  giveUpAfterMs: 2 * 24 * 60 * 60_000,
};

/**
 * When a mail queued at `createdAt`, whose try number `attempts` failed at `at`, is tried next; null when
 * that would be past the time Realm gives it: it is given up.
 */
export function nextTry(
  mail: { createdAt: number; attempts: number },
  at: number,
  retry: MailRetry,
): number | null {
  const delay = Math.min(retry.firstDelayMs * 2 ** Math.max(0, mail.attempts - 1), retry.maxDelayMs);
  return at + delay - mail.createdAt > retry.giveUpAfterMs ? null : at + delay;
}
