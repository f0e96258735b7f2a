import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, mailEnabled } from '../../src/server/config.js';
import { parseSmtpUrl } from '../../src/server/mail/mail-config.js';
import { requiresTls } from '../../src/server/mail/transport.js';

const from = 'realm@example.org';

describe('mail configuration', () => {
  it('is off when REALM_SMTP_URL is unset, whatever REALM_MAIL_FROM says', () => {
    expect(mailEnabled(loadConfig({}))).toBe(false);
    expect(mailEnabled(loadConfig({ REALM_MAIL_FROM: from }))).toBe(false);
    expect(loadConfig({ REALM_SMTP_URL: '' }).mail).toBeUndefined();
  });

  it('reads smtp:// with the submission port by default, a port, and no credentials', () => {
    const config = loadConfig({ REALM_SMTP_URL: 'smtp://mail.internal', REALM_MAIL_FROM: from });
    expect(mailEnabled(config)).toBe(true);
    expect(config.mail).toEqual({
      smtp: { host: 'mail.internal', port: 587, secure: false, user: undefined, password: undefined },
      from: { name: '', address: from },
    });
    const withPort = loadConfig({ REALM_SMTP_URL: 'smtp://ana:pw@[::1]:2525/', REALM_MAIL_FROM: from });
    expect(withPort.mail?.smtp).toEqual({
      host: '::1',
      port: 2525,
      secure: false,
      user: 'ana',
      password: 'pw',
    });
  });

  it('reads a sender with a display name, quoted or not', () => {
    const sender = (value: string) =>
      loadConfig({ REALM_SMTP_URL: 'smtp://h', REALM_MAIL_FROM: value }).mail?.from;
    expect(sender('"Realm, the instance" <realm@example.org>')).toEqual({
      name: 'Realm, the instance',
      address: 'realm@example.org',
    });
    expect(sender('  Realm Social   <realm@example.org> ')).toEqual({ name: 'Realm Social', address: from });
  });

  const smtpMessage =
    'Invalid configuration: REALM_SMTP_URL must be smtp://USER:PASSWORD@HOST:PORT or smtps://USER:PASSWORD@HOST:PORT';
  const fromMessage =
    'Invalid configuration: REALM_MAIL_FROM must be a mail address, optionally with a name: Realm <realm@example.org>';
  it.each([
    [{ REALM_SMTP_URL: 'mail.example.org:587' }, smtpMessage],
    [{ REALM_SMTP_URL: 'https://user:hunter2-secret@mail.example.org' }, smtpMessage],
    [{ REALM_SMTP_URL: 'smtp://user:hunter2-secret@mail.example.org:99999' }, smtpMessage],
    [{ REALM_SMTP_URL: 'smtp://user:hunter2-secret@mail.example.org/inbox' }, smtpMessage],
    [{ REALM_SMTP_URL: 'smtp://user:hunter2-secret%zz@mail.example.org' }, smtpMessage],
    [{ REALM_SMTP_URL: 'smtp://user:hunter2-secret@mail.example.org?pool=true' }, smtpMessage],
    [{ REALM_SMTP_URL: 'smtp://h', REALM_MAIL_FROM: 'realm' }, fromMessage],
    [{ REALM_SMTP_URL: 'smtp://h', REALM_MAIL_FROM: 'Realm <realm@example.org' }, fromMessage],
    [{ REALM_SMTP_URL: 'smtp://h', REALM_MAIL_FROM: 'a@example.org, b@example.org' }, fromMessage],
    [
      { REALM_SMTP_URL: 'smtp://h', REALM_MAIL_FROM: 'Realm\r\nBcc: x@example.org <realm@example.org>' },
      fromMessage,
    ],
    [
      { REALM_SMTP_URL: 'smtp://user:hunter2-secret@mail.example.org' },
      'Invalid configuration: REALM_MAIL_FROM must be set when REALM_SMTP_URL is: the address mail is from, like Realm <realm@example.org>',
    ],
  ])('refuses %o with one line naming the variable, never the password', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
    try {
      loadConfig(env);
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });

  it('sends credentials over smtp:// to another machine only after STARTTLS, never in clear', () => {
    const tls = (url: string) => requiresTls(parseSmtpUrl(url)!);
    expect(tls('smtp://realm:pw@mail.example.org')).toBe(true);
    expect(tls('smtp://realm:pw@10.0.0.5:25')).toBe(true);
    // smtps:// is TLS from the start; no credentials, nothing to steal; this machine's own server, no wire.
    expect(tls('smtps://realm:pw@mail.example.org')).toBe(false);
    expect(tls('smtp://mail.example.org')).toBe(false);
    expect(tls('smtp://realm:pw@127.0.0.1:2525')).toBe(false);
    expect(tls('smtp://realm:pw@localhost:2525')).toBe(false);
    expect(tls('smtp://realm:pw@[::1]:2525')).toBe(false);
  });
});
