import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { defaultMailRetry, nextTry, type MailRetry } from '../domain/mail.js';
import type { ClaimedMail, Store } from '../store/store.js';
import { MailFailure, mailFailureOf, type MailTransport } from './transport.js';

// The outbox's sender, one in each serving process (docs/mail.md, docs/decisions/0015-mail-queue.md). It
// takes the due mails under a lease (store.write, tx.mail.claim), a few at a time, and sends each: one the
// mail server took is deleted; one it did not is tried again later, the delay doubling, until Realm gives
// it up. A process that stops mid-send leaves its mails leased; when the lease ends, any process takes them
// again. It wakes when this process queues mail (store.onMailQueued), when the next retry is due, and at
// least every `pollMs` for mail other processes and nodes queued. Its log lines name a mail by its id,
// never by its recipient.

export type MailSenderOptions = {
  store: Store;
  log: FastifyBaseLogger;
  transport: MailTransport;
  retry?: Partial<MailRetry>;
  /** Mails sent at once, at most. */
  atOnce?: number;
  /** How long a claim holds a mail: longer than one send may take (transport.ts bounds it). */
  leaseMs?: number;
  /** The longest wait between two looks at the outbox. */
  pollMs?: number;
};

export const defaultMailSending = { atOnce: 2, leaseMs: 5 * 60_000, pollMs: 60_000 };

export type MailSender = { close(): Promise<void> };

export function startMailSender(options: MailSenderOptions): MailSender {
  const { store, log, transport } = options;
  const { atOnce, leaseMs, pollMs } = { ...defaultMailSending, ...options };
  const retry = { ...defaultMailRetry, ...options.retry };
  const leaseId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  function wake() {
    if (closed) return;
    if (running) {
      again = true; // mail queued while a round ran may have come after its last claim
      return;
    }
    clearTimeout(timer);
    running = round()
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail sending failed');
        return pollMs;
      })
      .then((wait) => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        } else if (!closed) {
          timer = setTimeout(wake, wait);
          timer.unref();
        }
      });
  }

  /** Sends what is due until nothing is; answers how long to wait before the next look. */
  async function round(): Promise<number> {
    while (!closed) {
      const now = Date.now();
      const claim = { now, leaseId, leaseUntil: now + leaseMs, limit: atOnce };
      const mails = await store.write((tx) => tx.mail.claim(claim));
      if (mails.length === 0) break;
      await Promise.all(mails.map(deliver));
    }
    const due = await store.read.mail.nextDue();
    // At least a few milliseconds: a clock that steps back must not make this loop spin.
    return due === null ? pollMs : Math.min(pollMs, Math.max(10, due - Date.now()));
  }

  async function deliver(mail: ClaimedMail) {
    let failure: MailFailure | undefined;
    try {
      await transport.send(mail);
    } catch (error) {
      failure = error instanceof MailFailure ? error : mailFailureOf(error);
    }
    const fields = { mail: mail.id, attempts: mail.attempts };
    if (!failure) {
      // Were this delete lost (the database gone at this instant), the lease would end and the mail go
      // again: at least once, never lost (docs/decisions/0015-mail-queue.md).
      await store.write((tx) => tx.mail.remove(mail.id));
      log.info(fields, 'mail sent');
      return;
    }
    const next = failure.permanent ? null : nextTry(mail, Date.now(), retry);
    if (next === null) {
      await store.write((tx) => tx.mail.remove(mail.id));
      log.warn({ ...fields, error: failure.kind }, 'mail given up');
      return;
    }
    await store.write((tx) => tx.mail.retryLater(mail.id, leaseId, next, failure.kind));
    log.info(
      { ...fields, error: failure.kind, retryInMs: next - Date.now() },
      'mail not sent: trying again later',
    );
  }

  const stop = store.onMailQueued(wake);
  wake(); // mail left from before this process started
  return {
    async close() {
      closed = true;
      stop();
      clearTimeout(timer);
      // Sends under way end (each bounded by its timeouts) before the database closes under them.
      await running;
      transport.close();
    },
  };
}
