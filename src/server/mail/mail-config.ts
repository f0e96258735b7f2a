import { isMailAddress } from '../../shared/mail-address.js';

/** Where mail goes: REALM_SMTP_URL taken apart. The password is kept here only; nothing logs or shows it. */
export type SmtpSettings = {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte (port 465). smtp:// upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
};

/** Who mail is from: REALM_MAIL_FROM's address and its display name ('' for none). */
export type MailSender = { name: string; address: string };

/** Outgoing mail (docs/mail.md); undefined in Config when REALM_SMTP_URL is unset: Realm sends none. */
export type MailConfig = { smtp: SmtpSettings; from: MailSender };

export const smtpUrlHelp = 'must be smtp://USER:PASSWORD@HOST:PORT or smtps://USER:PASSWORD@HOST:PORT';
export const mailFromHelp = 'must be a mail address, optionally with a name: Realm <realm@example.org>';

/**
 * REALM_SMTP_URL's parts, or null when it is not one. The answer never quotes the value: it may hold the
 * password.
 */
export function parseSmtpUrl(value: string): SmtpSettings | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return null;
  if (url.hostname === '' || (url.pathname !== '' && url.pathname !== '/') || url.search || url.hash)
    return null;
  const secure = url.protocol === 'smtps:';
  let user: string;
  let password: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  } catch {
    return null;
  }
  return {
    // An IPv6 address comes in brackets, which a socket does not take.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    user: user === '' ? undefined : user,
    password: password === '' ? undefined : password,
  };
}

/** REALM_MAIL_FROM: `realm@example.org` or `Realm <realm@example.org>` (the name may be quoted). */
export function parseMailFrom(value: string): MailSender | null {
  // A line break would start another header.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value.trim());
  const address = (named ? named[2]! : value).trim();
  const name = (named?.[1] ?? '').trim().replace(/^"(.*)"$/, '$1');
  if (!isMailAddress(address) || /[<>"]/.test(name)) return null;
  return { name, address };
}
