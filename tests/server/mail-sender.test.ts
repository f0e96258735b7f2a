import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { queueMail } from '../../src/server/domain/mail.js';
import { parseSmtpUrl } from '../../src/server/mail/mail-config.js';
import { testMail } from '../../src/server/mail/templates/test-mail.js';
import {
  closedPort,
  startSmtpServer,
  smtpPassword,
  smtpUser,
  type TestSmtpServer,
} from '../helpers/smtp-server.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The sender in the server process against a mail server the test runs (tests/helpers/smtp-server.ts), on
// either engine. Retries are milliseconds apart here, by the app's options, instead of minutes.

const recipient = 'ana.member@example.org';
const context = { instanceName: 'Realm <Test> & Co', publicOrigin: 'https://realm.example' };
const fast = { retry: { firstDelayMs: 50, maxDelayMs: 100 }, pollMs: 60_000 };

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function smtpServer(port?: number, noSuchMailbox?: string[]) {
  const server = await startSmtpServer(port, noSuchMailbox);
  opened.push(server);
  return server;
}

async function realmSendingTo(port: number, mailSending = {}) {
  const lines: string[] = [];
  const app = await makeTestApp({
    config: {
      logLevel: 'info',
      mail: {
        smtp: parseSmtpUrl(`smtp://${smtpUser}:${smtpPassword}@127.0.0.1:${port}`)!,
        from: { name: 'Realm Test', address: 'realm@example.org' },
      },
    },
    mailSending: { ...fast, ...mailSending },
    logTo: { write: (line) => void lines.push(line) },
  });
  opened.push(app);
  return { app, log: () => lines.join('') };
}

const queue = (app: TestApp, to = recipient) => app.store.write((tx) => queueMail(tx, to, testMail(context)));

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  for (const start = Date.now(); !(await condition());) {
    if (Date.now() - start > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

function expectNoSecrets(log: string) {
  expect(log).not.toContain(recipient);
  expect(log).not.toContain(smtpPassword);
}

describe('the mail sender', () => {
  it('sends a queued mail at once, once, with its text and HTML, from REALM_MAIL_FROM to its recipient', async () => {
    const smtp: TestSmtpServer = await smtpServer();
    const { app, log } = await realmSendingTo(smtp.port);
    const queuedAt = Date.now();
    await queue(app);
    const [arrived] = await smtp.waitFor(1);
    // Woken by the commit, not by its once-a-minute look.
    expect(Date.now() - queuedAt).toBeLessThan(5000);
    const { mail, envelopeTo, user } = arrived!;
    expect(envelopeTo).toEqual([recipient]);
    expect(user).toBe(smtpUser);
    expect(mail.from?.value).toEqual([{ name: 'Realm Test', address: 'realm@example.org' }]);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value).toEqual([{ name: '', address: recipient }]);
    expect(mail.subject).toBe('Test mail from Realm <Test> & Co');
    expect(mail.text).toContain('This is a test mail from Realm <Test> & Co');
    expect(mail.text).toContain('https://realm.example/');
    expect(mail.html).toContain('This is a test mail from Realm &lt;Test&gt; &amp; Co');
    expect(mail.html).toContain('<a href="https://realm.example/">https://realm.example/</a>');
    await settle();
    expect(smtp.arrived).toHaveLength(1);
    expect(await app.store.read.mail.nextDue()).toBeNull();
    expect(log()).toContain('"msg":"mail sent"');
    expectNoSecrets(log());
  });

  it('keeps trying a mail queued while the mail server is down, and sends it once when it is back', async () => {
    const port = await closedPort();
    const { app, log } = await realmSendingTo(port);
    await queue(app);
    const tries = async () =>
      (await app.sql<{ attempts: number }>('select attempts from mail_outbox'))[0]?.attempts ?? 0;
    await until(async () => (await tries()) >= 2, 'two failed tries');
    const smtp = await smtpServer(port);
    await smtp.waitFor(1);
    await settle();
    expect(smtp.arrived).toHaveLength(1);
    expect(smtp.arrived[0]!.envelopeTo).toEqual([recipient]);
    expect(await app.store.read.mail.nextDue()).toBeNull();
    expect(log()).toMatch(/"error":"E[A-Z]+".*"msg":"mail not sent: trying again later"/);
    expectNoSecrets(log());
  });

  it('gives a mail up once the retry window has passed, saying so once, without its address', async () => {
    const port = await closedPort();
    const { app, log } = await realmSendingTo(port, {
      retry: { firstDelayMs: 20, maxDelayMs: 40, giveUpAfterMs: 200 },
    });
    const id = await queue(app);
    await until(() => log().includes('"msg":"mail given up"'), 'the mail to be given up');
    await settle();
    expect(log().match(/"msg":"mail given up"/g)).toHaveLength(1);
    expect(log()).toContain(`"mail":"${id}"`);
    expect(await app.store.read.mail.nextDue()).toBeNull();
    expectNoSecrets(log());
  });

  it('gives up at once a mail the server refuses for good (no such mailbox), and sends the others', async () => {
    const smtp = await smtpServer(0, ['gone@example.org']);
    const { app, log } = await realmSendingTo(smtp.port);
    await queue(app, 'gone@example.org');
    await queue(app);
    await smtp.waitFor(1);
    await until(() => log().includes('"msg":"mail given up"'), 'the refused mail to be given up');
    expect(log()).toMatch(/"attempts":1,"error":"EENVELOPE 550".*"msg":"mail given up"/);
    expect(log()).not.toContain('gone@example.org');
    await until(async () => (await app.store.read.mail.nextDue()) === null, 'the outbox to empty');
    expect(smtp.arrived.map((arrived) => arrived.envelopeTo)).toEqual([[recipient]]);
  });

  it('sends the mails of many writes, each once, a few at a time', async () => {
    const smtp = await smtpServer();
    const { app } = await realmSendingTo(smtp.port);
    const recipients = Array.from({ length: 12 }, (_, i) => `member${i}@example.org`);
    await Promise.all(recipients.map((to) => queue(app, to)));
    await smtp.waitFor(12);
    await settle();
    expect(smtp.arrived.flatMap((arrived) => arrived.envelopeTo).sort()).toEqual([...recipients].sort());
  });

  it('stops at shutdown within its deadlines when the mail server never answers, keeping the mail', async () => {
    // Takes the connection and never greets.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    opened.push({
      close: () =>
        new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), silent.close(() => resolve()))),
    });
    const { app } = await realmSendingTo((silent.address() as AddressInfo).port, {
      timeouts: { connectionMs: 1000, greetingMs: 400, socketMs: 1000 },
    });
    await queue(app);
    await until(() => sockets.length > 0, 'the sender to connect');
    const closing = Date.now();
    await app.app.close();
    expect(Date.now() - closing).toBeLessThan(2000);
    // The try it was making ended; the mail waits for the next start.
    expect(await app.store.read.mail.nextDue()).not.toBeNull();
  });
});
