import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { queueMail, type MailContent } from '../../src/server/domain/mail.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// The outbox on either engine (npm test: SQLite; npm run test:pg: PostgreSQL): what the sender relies on to
// lose no mail and send each once.

const content: MailContent = { subject: 'Hello', text: 'Hello there', html: '<p>Hello there</p>' };

let opened: TestApp | undefined;
const others: TestApp[] = [];
afterEach(async () => {
  await opened?.close();
  opened = undefined;
  for (const other of others.splice(0)) await other.close();
});

async function outbox() {
  opened = await makeTestApp();
  return opened.store;
}

const claimAt = (now: number, leaseId: string, limit = 10) => ({
  now,
  leaseId,
  leaseUntil: now + 60_000,
  limit,
});

describe('the mail outbox', () => {
  it('holds a mail once its write commits, wakes this process then, and holds none of a write rolled back', async () => {
    const store = await outbox();
    let woken = 0;
    store.onMailQueued(() => woken++);
    await store.write(async (tx) => {
      await queueMail(tx, 'ana@example.org', content);
      await queueMail(tx, 'ben@example.org', content);
      expect(woken).toBe(0);
    });
    expect(woken).toBe(1);
    const failing = store.write(async (tx) => {
      await queueMail(tx, 'cy@example.org', content);
      throw new Error('the change failed');
    });
    await expect(failing).rejects.toThrow('the change failed');
    expect(woken).toBe(1);
    const claimed = await store.write((tx) => tx.mail.claim(claimAt(Date.now() + 1000, 'lease-a')));
    expect(claimed.map((mail) => mail.recipient).sort()).toEqual(['ana@example.org', 'ben@example.org']);
    expect(claimed[0]).toMatchObject({ subject: 'Hello', text: 'Hello there', html: '<p>Hello there</p>' });
    expect(claimed[0]!.attempts).toBe(1);
  });

  it('refuses to queue what is not a mail address', async () => {
    const store = await outbox();
    const queued = store.write((tx) => queueMail(tx, 'ana@example.org>\r\nBcc: x@example.org', content));
    await expect(queued).rejects.toThrow('That is not a mail address.');
    expect(await store.read.mail.nextDue()).toBeNull();
  });

  it('gives each due mail to one claim of several at once, and to none other until its lease ends', async () => {
    const store = await outbox();
    await store.write(async (tx) => {
      for (const name of ['a', 'b', 'c', 'd', 'e']) await queueMail(tx, `${name}@example.org`, content);
    });
    const now = Date.now() + 1000;
    const claims = await Promise.all(
      ['one', 'two', 'three'].map((lease) => store.write((tx) => tx.mail.claim(claimAt(now, lease, 2)))),
    );
    const ids = claims.flat().map((mail) => mail.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    // Leased: not due again until the lease ends...
    expect(await store.write((tx) => tx.mail.claim(claimAt(now + 59_999, 'four')))).toEqual([]);
    expect(await store.read.mail.nextDue()).toBe(now + 60_000);
    // ...then taken again, a try more, by whoever looks (the process that held it stopped).
    const again = await store.write((tx) => tx.mail.claim(claimAt(now + 60_000, 'four')));
    expect(again.map((mail) => mail.id).sort()).toEqual([...ids].sort());
    expect(again.map((mail) => mail.attempts)).toEqual([2, 2, 2, 2, 2]);
  });

  it('records a failed try only for the lease that holds the mail, and forgets a mail removed', async () => {
    const store = await outbox();
    const id = await store.write((tx) => queueMail(tx, 'ana@example.org', content));
    const now = Date.now() + 1000;
    await store.write((tx) => tx.mail.claim(claimAt(now, 'first')));
    const later = now + 5000;
    expect(await store.write((tx) => tx.mail.retryLater(id, 'someone-else', later, 'ECONNECTION'))).toBe(
      false,
    );
    expect(await store.write((tx) => tx.mail.retryLater(id, 'first', later, 'ECONNECTION'))).toBe(true);
    expect(await store.read.mail.nextDue()).toBe(later);
    expect(await store.write((tx) => tx.mail.claim(claimAt(later - 1, 'second')))).toEqual([]);
    const [retried] = await store.write((tx) => tx.mail.claim(claimAt(later, 'second')));
    expect(retried).toMatchObject({ id, attempts: 2 });
    const [row] = await opened!.sql<{ last_error: string }>('select last_error from mail_outbox');
    expect(row!.last_error).toBe('ECONNECTION');
    await store.write((tx) => tx.mail.remove(id));
    expect(await store.read.mail.nextDue()).toBeNull();
  });

  it('gives each mail to one of two processes claiming at once on one database (workers, nodes)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'realm-mail-claims-')), 'realm.db');
    const first = await outboxOn(file);
    const second = await outboxOn(file);
    await first.write(async (tx) => {
      for (let i = 0; i < 40; i++) await queueMail(tx, `member${i}@example.org`, content);
    });
    const now = Date.now() + 1000;
    const claim = async (store: typeof first, lease: string) =>
      (await store.write((tx) => tx.mail.claim(claimAt(now, lease, 3)))).map((mail) => mail.id);
    const one: string[] = [];
    const two: string[] = [];
    for (;;) {
      // PostgreSQL: the two claim at once. SQLite's two connections in one process cannot wait for each
      // other (better-sqlite3 waits for the lock holding the event loop the other needs), so they take
      // turns, as its worker processes do at the write lock (write-lock.test.ts).
      const [a, b] =
        testEngine === 'postgres'
          ? await Promise.all([claim(first, 'one'), claim(second, 'two')])
          : [await claim(first, 'one'), await claim(second, 'two')];
      one.push(...a);
      two.push(...b);
      if (a.length + b.length === 0) break;
    }
    expect(one.length).toBeGreaterThan(0);
    expect(two.length).toBeGreaterThan(0);
    expect(one.length + two.length).toBe(40);
    expect(new Set([...one, ...two]).size).toBe(40);
  });
});

async function outboxOn(file: string) {
  const app = await makeTestApp({ file });
  if (!opened) opened = app;
  else others.push(app);
  return app.store;
}
