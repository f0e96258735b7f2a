import { isMailAddress } from '../shared/mail-address.js';
import type { SmtpSettings } from '../server/mail/mail-config.js';
import { testMail } from '../server/mail/templates/test-mail.js';
import { MailFailure, smtpTransport } from '../server/mail/transport.js';
import { CommandFailed, UsageError, type Command } from './command.js';
import { configFrom } from './instance.js';

// Checks the mail settings as an administrator sets them (docs/mail.md, "Checking the settings"): one mail,
// sent now through REALM_SMTP_URL rather than the outbox, so the answer is what the mail server said. What
// it prints names the server by host and port, never the user name's password.

/** What a failed send most likely means, for the person who set REALM_SMTP_URL. */
function advice(kind: string, server: string): string {
  const [code] = kind.split(' ');
  switch (code) {
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EDNS':
      return `could not reach the mail server at ${server}: check the host and port in REALM_SMTP_URL`;
    case 'ETIMEDOUT':
      return `the mail server at ${server} did not answer in time`;
    case 'EAUTH':
      return `the mail server at ${server} refused the user name or password in REALM_SMTP_URL`;
    case 'ETLS':
      return `TLS with the mail server at ${server} failed: smtps:// is for a port that speaks TLS at once (465), smtp:// for one that upgrades with STARTTLS (587)`;
    case 'EENVELOPE':
      return `the mail server at ${server} refused the sender (REALM_MAIL_FROM) or the recipient`;
    default:
      return `the mail server at ${server} did not take the mail`;
  }
}

const serverName = (smtp: SmtpSettings) =>
  `${smtp.host.includes(':') ? `[${smtp.host}]` : smtp.host}:${smtp.port}`;

export const mailTest: Command = {
  name: 'admin mail-test',
  summary: 'send a test mail through REALM_SMTP_URL, to check the mail settings',
  usage: 'ADDRESS',
  details: `Sends one test mail to ADDRESS now, through the mail server REALM_SMTP_URL names, from REALM_MAIL_FROM,
and says whether the mail server took it or what went wrong. It waits at most about a minute.
It does not use the instance's outbox or its database: mail the server sends waits there (docs/mail.md).`,
  options: {},
  positionals: ['ADDRESS'],
  async run(parsed) {
    const address = parsed.positionals[0]!;
    if (!isMailAddress(address)) throw new UsageError(`admin mail-test: ${address} is not a mail address`);
    const config = configFrom(parsed);
    if (!config.mail) {
      throw new CommandFailed(
        'REALM_SMTP_URL is not set, so Realm sends no mail: set it and REALM_MAIL_FROM (docs/mail.md), then run this again.',
      );
    }
    const server = serverName(config.mail.smtp);
    const transport = smtpTransport(config.mail);
    try {
      const content = testMail({ instanceName: 'Realm', publicOrigin: config.publicOrigin });
      await transport.send({ recipient: address, ...content });
    } catch (error) {
      if (error instanceof MailFailure) {
        throw new CommandFailed(`Mail not sent: ${advice(error.kind, server)} (${error.kind}).`);
      }
      throw error;
    } finally {
      transport.close();
    }
    console.log(`Sent a test mail to ${address} through ${server}: the mail server took it.`);
  },
};
