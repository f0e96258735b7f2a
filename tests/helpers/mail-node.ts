import { buildApp } from '../../src/server/app.js';
import { queueMail } from '../../src/server/domain/mail.js';
import { parseSmtpUrl } from '../../src/server/mail/mail-config.js';
import { testMail } from '../../src/server/mail/templates/test-mail.js';
import { closeOnSignals } from '../../src/server/start.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import { testConfig } from './test-app.js';

// A Realm server process for the outbox's durability test (tests/server/mail-durability.test.ts): the app on
// a SQLite file, as `realm serve` runs it, with the sender's retries and lease in milliseconds so that a
// test can kill it and start it again in seconds. No feature queues mail yet, so it has one more route:
// POST /test/queue-mail queues a test mail to the address its body names, through the domain, in one write.
//
//   node --import tsx tests/helpers/mail-node.ts DATABASE_FILE SMTP_URL

const [file, smtpUrl] = process.argv.slice(2);
const store = openSqliteStore(file!);
const app = await buildApp({
  config: {
    ...testConfig,
    dbPath: file!,
    logLevel: 'info',
    mail: { smtp: parseSmtpUrl(smtpUrl!)!, from: { name: 'Realm', address: 'realm@example.org' } },
  },
  store,
  serveBuiltClient: false,
  mailSending: {
    retry: { firstDelayMs: 100, maxDelayMs: 200 },
    leaseMs: 1500,
    pollMs: 200,
    timeouts: { connectionMs: 5000, greetingMs: 5000, socketMs: 5000 },
  },
});
app.post<{ Body: { to: string } }>('/test/queue-mail', async (request) => {
  const context = { instanceName: 'Realm', publicOrigin: undefined };
  return { id: await store.write((tx) => queueMail(tx, request.body.to, testMail(context))) };
});
app.addHook('onClose', () => store.close());
closeOnSignals(app);
await app.listen({ port: 0, host: '127.0.0.1' });
