import nodemailer from 'nodemailer';
import type { OutgoingMail } from '../store/store.js';
import type { MailConfig } from './mail-config.js';

// One SMTP connection a mail, through nodemailer (it speaks SMTP, STARTTLS and smtps:// so Realm does not).
// Every step is bounded in time, so a mail server that takes a connection and never answers holds a send for
// seconds, never for ever (docs/mail.md).

/** How long connecting (DNS included), the server's greeting and a silence mid-conversation may take. */
export type MailTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };

export const defaultMailTimeouts: MailTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

/** Sends one mail; answers once the mail server accepted it, throws a `MailFailure` otherwise. */
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

/**
 * Why a send failed, in words that hold no secret: nodemailer's code (`ECONNECTION`, `EAUTH`,
 * `ETIMEDOUT`...) and the server's reply code when there was one. Nodemailer's own message is never kept:
 * it may quote the address or the server's answer to the credentials.
 */
export class MailFailure extends Error {
  constructor(
    readonly kind: string,
    /** The mail server refused this mail for good (a 5xx reply to it): trying again would not help. */
    readonly permanent: boolean,
  ) {
    super(`the mail server did not take the mail (${kind})`);
    this.name = 'MailFailure';
  }
}

/** What went wrong in nodemailer's terms, as a `MailFailure`. */
export function mailFailureOf(error: unknown): MailFailure {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const name = typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : 'EFAILED';
  const reply = typeof responseCode === 'number' ? responseCode : undefined;
  // A 5xx to the envelope or the message is about this mail (no such mailbox, refused content). A 5xx to the
  // credentials (EAUTH) is about the settings, which an administrator may yet fix: that one is tried again.
  const permanent = reply !== undefined && reply >= 500 && (name === 'EENVELOPE' || name === 'EMESSAGE');
  return new MailFailure(reply === undefined ? name : `${name} ${reply}`, permanent);
}

const loopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * Whether a send must have TLS before it goes on: over smtp:// with credentials to another machine, STARTTLS
 * is required rather than taken when offered, so that someone between Realm and the mail server who strips
 * the offer does not get the password in clear. A mail server on this machine may speak plain SMTP.
 */
export const requiresTls = (smtp: MailConfig['smtp']) =>
  !smtp.secure && smtp.user !== undefined && !loopback(smtp.host);

export function smtpTransport(
  config: MailConfig,
  timeouts: MailTimeouts = defaultMailTimeouts,
): MailTransport {
  const { smtp, from } = config;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: requiresTls(smtp),
    ...(smtp.user !== undefined && { auth: { user: smtp.user, pass: smtp.password ?? '' } }),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
    logger: false,
    debug: false,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: from.name ? { name: from.name, address: from.address } : from.address,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        throw mailFailureOf(error);
      }
    },
    close: () => transport.close(),
  };
}
