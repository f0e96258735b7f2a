import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueLink, linkLifetimeMs, takeLink } from '../../src/server/domain/mail-links.js';
import { hashSecret } from '../../src/server/domain/oauth-secrets.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// The links Realm mails, on either engine (npm test: SQLite; npm run test:pg: PostgreSQL): each works once,
// for its purpose, until it expires, and the database keeps only its hash.

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

async function member() {
  t = await makeTestApp();
  return { app: t, ana: await t.member({ username: 'ana' }) };
}

describe('mailed links', () => {
  it('works once, for its own purpose, and keeps only the hash of its token', async () => {
    const { app, ana } = await member();
    const token = await app.store.write((tx) => issueLink(tx, ana.id, 'reset', 'ana@example.org'));
    const rows = await app.sql<{ token_hash: string }>('select token_hash from email_tokens');
    expect(rows).toEqual([{ token_hash: hashSecret(token) }]);
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await app.store.write((tx) => takeLink(tx, token, 'confirm'))).toBeUndefined();
    const taken = await app.store.write((tx) => takeLink(tx, token, 'reset'));
    expect(taken).toMatchObject({ memberId: ana.id, purpose: 'reset', email: 'ana@example.org' });
    expect(await app.store.write((tx) => takeLink(tx, token, 'reset'))).toBeUndefined();
    expect(await app.store.write((tx) => takeLink(tx, 'not-a-token', 'reset'))).toBeUndefined();
  });

  it('dies when its lifetime ends', async () => {
    const { app, ana } = await member();
    // Later than any time this process has given out: domain/clock.ts never goes back.
    const start = Date.now() + 24 * 60 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const token = await app.store.write((tx) => issueLink(tx, ana.id, 'reset', 'ana@example.org'));
    vi.setSystemTime(start + linkLifetimeMs.reset - 1000);
    expect(await app.store.read.emailTokens.pending(ana.id, 'reset', Date.now())).toBeDefined();
    vi.setSystemTime(start + linkLifetimeMs.reset + 1);
    expect(await app.store.write((tx) => takeLink(tx, token, 'reset'))).toBeUndefined();
  });

  it('a new confirmation spends the earlier ones; reset links stay good side by side', async () => {
    const { app, ana } = await member();
    const [first, second] = await app.store.write(async (tx) => [
      await issueLink(tx, ana.id, 'confirm', 'old@example.org'),
      await issueLink(tx, ana.id, 'confirm', 'new@example.org'),
    ]);
    expect(await app.store.read.emailTokens.pending(ana.id, 'confirm', Date.now())).toMatchObject({
      email: 'new@example.org',
    });
    expect(await app.store.write((tx) => takeLink(tx, first!, 'confirm'))).toBeUndefined();
    expect(await app.store.write((tx) => takeLink(tx, second!, 'confirm'))).toMatchObject({
      email: 'new@example.org',
    });
    expect(await app.store.read.emailTokens.pending(ana.id, 'confirm', Date.now())).toBeUndefined();

    const resets = await app.store.write(async (tx) => [
      await issueLink(tx, ana.id, 'reset', 'ana@example.org'),
      await issueLink(tx, ana.id, 'reset', 'ana@example.org'),
    ]);
    expect(await app.store.write((tx) => takeLink(tx, resets[0]!, 'reset'))).toBeDefined();
    await app.store.write((tx) => tx.emailTokens.spendAll(ana.id, 'reset', Date.now()));
    expect(await app.store.write((tx) => takeLink(tx, resets[1]!, 'reset'))).toBeUndefined();
  });

  it('remembers the devices a member signed in from', async () => {
    const { app, ana } = await member();
    expect(await app.store.write((tx) => tx.knownDevices.seen(ana.id, 'browser-1', 1000))).toBe(true);
    expect(await app.store.write((tx) => tx.knownDevices.seen(ana.id, 'browser-1', 2000))).toBe(false);
    expect(await app.store.write((tx) => tx.knownDevices.seen(ana.id, 'browser-2', 3000))).toBe(true);
    const rows = await app.sql<{ device_key: string; first_seen_at: number; last_seen_at: number }>(
      'select device_key, first_seen_at, last_seen_at from known_devices order by device_key',
    );
    expect(rows).toEqual([
      { device_key: 'browser-1', first_seen_at: 1000, last_seen_at: 2000 },
      { device_key: 'browser-2', first_seen_at: 3000, last_seen_at: 3000 },
    ]);
  });
});
