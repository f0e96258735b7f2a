/** A mail as the outbox keeps it: one recipient, a subject, and the plain text and HTML of one message. */
export type OutgoingMail = { recipient: string; subject: string; text: string; html: string };

/** A mail a sender holds under its lease: `attempts` counts the try it is about to make. */
export type ClaimedMail = OutgoingMail & { id: string; createdAt: number; attempts: number };

export type MailReads = {
  /** When the next mail may be taken (its try, or the end of a lease held now); null when none waits. */
  nextDue(): Promise<number | null>;
};

export type MailWrites = {
  /**
   * Writes the mail into the outbox, due at `createdAt`: it exists once the transaction commits, and this
   * process's sender is woken then (Store.onMailQueued); it is gone if the transaction rolls back.
   */
  queue(mail: OutgoingMail & { id: string; createdAt: number }): Promise<void>;
  /**
   * Takes at most `limit` mails due at `now`, soonest first, for the lease `leaseId` until `leaseUntil`,
   * counting a try of each. A mail another process holds is not due until its lease ends: of processes
   * claiming at once, each mail goes to one.
   */
  claim(input: { now: number; leaseId: string; leaseUntil: number; limit: number }): Promise<ClaimedMail[]>;
  /** Deletes the mail: the mail server has it, or Realm gave up on it. */
  remove(id: string): Promise<void>;
  /**
   * Ends the lease `leaseId` holds on the mail, to be tried again at `nextAttemptAt`, keeping the kind of
   * error its try met; false when that lease no longer holds it.
   */
  retryLater(id: string, leaseId: string, nextAttemptAt: number, error: string): Promise<boolean>;
};
