import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A mail server the test runs itself (the smtp-server package), which takes mail as a real one does and reads
// what arrives with mailparser: what Realm sends is checked as a mail app would see it, never through a
// mocked transport.

export type ArrivedMail = { mail: ParsedMail; envelopeTo: string[]; user: string | undefined };

export type TestSmtpServer = {
  port: number;
  /** REALM_SMTP_URL for this server, with its credentials. */
  url: string;
  user: string;
  password: string;
  arrived: ArrivedMail[];
  /** Resolves once `count` mails have arrived; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ArrivedMail[]>;
  close(): Promise<void>;
};

export const smtpUser = 'realm-mailer';
export const smtpPassword = 'smtp-secret-b4d9e1';

/**
 * Starts the server on `port` (a free one when 0). Plain SMTP with AUTH: STARTTLS needs a certificate.
 * Mail to an address in `noSuchMailbox` is refused for good (550), as a server refuses an unknown mailbox.
 */
export async function startSmtpServer(port = 0, noSuchMailbox: string[] = []): Promise<TestSmtpServer> {
  const arrived: ArrivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === smtpUser && auth.password === smtpPassword)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (!noSuchMailbox.includes(address.address)) return callback();
      return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const envelopeTo = session.envelope.rcptTo.map((to) => to.address);
          arrived.push({ mail, envelopeTo, user: session.user as string | undefined });
          for (const wake of waiting) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://${smtpUser}:${smtpPassword}@127.0.0.1:${bound}`,
    user: smtpUser,
    password: smtpPassword,
    arrived,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (arrived.length < count) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(arrived);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${arrived.length} of ${count} mails arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (a mail server that is down): one a server had, closed again. */
export async function closedPort(): Promise<number> {
  const server = await startSmtpServer();
  await server.close();
  return server.port;
}
