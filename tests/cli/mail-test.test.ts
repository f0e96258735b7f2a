import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, smtpPassword, startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.js';
import { realm } from './cli-helpers.js';

// `realm admin mail-test` against a mail server the test runs, as an administrator checks the settings.

let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const from = 'Realm Admin <realm@example.org>';

describe('realm admin mail-test', () => {
  it('sends one test mail through REALM_SMTP_URL and says the mail server took it', async () => {
    smtp = await startSmtpServer();
    const env = {
      REALM_SMTP_URL: smtp.url,
      REALM_MAIL_FROM: from,
      REALM_PUBLIC_URL: 'https://realm.example',
    };
    const { code, stdout, stderr } = await realm(['admin', 'mail-test', 'ops@example.org'], { env });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(
      `Sent a test mail to ops@example.org through 127.0.0.1:${smtp.port}: the mail server took it.\n`,
    );
    expect(smtp.arrived).toHaveLength(1);
    const { mail, envelopeTo } = smtp.arrived[0]!;
    expect(envelopeTo).toEqual(['ops@example.org']);
    expect(mail.from?.value).toEqual([{ name: 'Realm Admin', address: 'realm@example.org' }]);
    expect(mail.subject).toBe('Test mail from Realm');
    expect(mail.text).toContain('The instance: https://realm.example/');
    expect(mail.html).toContain('<a href="https://realm.example/">');
    expect(stdout + stderr).not.toContain(smtpPassword);
  });

  it('says why, without the password, when the mail server refuses the credentials or cannot be reached', async () => {
    smtp = await startSmtpServer();
    const wrong = smtp.url.replace(smtpPassword, 'wrong-password-77');
    const port = await closedPort();
    // Each run starts the program anew (seconds): the two at once.
    const [refused, away] = await Promise.all([
      realm(['admin', 'mail-test', 'ops@example.org'], {
        env: { REALM_SMTP_URL: wrong, REALM_MAIL_FROM: from },
      }),
      realm(['admin', 'mail-test', 'ops@example.org'], {
        env: { REALM_SMTP_URL: `smtp://realm:away-secret@127.0.0.1:${port}`, REALM_MAIL_FROM: from },
      }),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `realm: Mail not sent: the mail server at 127.0.0.1:${smtp.port} refused the user name or password in REALM_SMTP_URL (EAUTH 535).\n`,
    );
    expect(refused.stdout + refused.stderr).not.toContain('wrong-password-77');
    expect(away.code).toBe(1);
    expect(away.stderr).toMatch(
      new RegExp(
        `^realm: Mail not sent: could not reach the mail server at 127\\.0\\.0\\.1:${port}: check the host and port in REALM_SMTP_URL \\(E[A-Z]+\\)\\.\\n$`,
      ),
    );
    expect(away.stderr).not.toContain('away-secret');
    expect(smtp.arrived).toHaveLength(0);
  });

  it('refuses when REALM_SMTP_URL is unset, and an address that is not one', async () => {
    const [unset, notAnAddress, badUrl] = await Promise.all([
      realm(['admin', 'mail-test', 'ops@example.org']),
      realm(['admin', 'mail-test', 'ops.example.org'], {
        env: { REALM_SMTP_URL: 'smtp://127.0.0.1:1', REALM_MAIL_FROM: from },
      }),
      realm(['admin', 'mail-test', 'ops@example.org'], {
        env: { REALM_SMTP_URL: 'smtp://realm:bad-url-secret@', REALM_MAIL_FROM: from },
      }),
    ]);
    expect(unset).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'realm: REALM_SMTP_URL is not set, so Realm sends no mail: set it and REALM_MAIL_FROM (docs/mail.md), then run this again.\n',
    });
    expect(notAnAddress).toEqual({
      code: 2,
      stdout: '',
      stderr: 'realm: admin mail-test: ops.example.org is not a mail address\n',
    });
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).not.toContain('bad-url-secret');
    expect(badUrl.stderr).toBe(
      'realm: Invalid configuration: REALM_SMTP_URL must be smtp://USER:PASSWORD@HOST:PORT or smtps://USER:PASSWORD@HOST:PORT\n',
    );
  });
});
