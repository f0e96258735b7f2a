import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post } from '../helpers/http.js';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// With REALM_WORKERS > 1 each worker is its own process with its own connection to the one database file.
// Two apps on two connections to one file stand for two workers: a client's attempts count once, in total.

let dir: string;
let opened: TestApp[] = [];

async function worker(file: string) {
  const t = await makeTestApp({ file, config: { rateLimit: true } });
  opened.push(t);
  return t.app;
}

afterEach(async () => {
  vi.useRealTimers();
  for (const t of opened) await t.close();
  opened = [];
  rmSync(dir, { recursive: true, force: true });
});

const attempt = (app: FastifyInstance) =>
  post(app, '/api/auth/login', undefined, { username: 'nobody', password: 'whatever' });

describe('the login and signup limit across workers', () => {
  it('counts 25 attempts per IP in all workers together, then refuses in every one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'realm-limit-'));
    const file = join(dir, 'realm.db');
    const [first, second] = [await worker(file), await worker(file)];
    for (let i = 0; i < 25; i++) expect((await attempt(i % 2 ? first : second)).status).toBe(404);
    for (const app of [first, second]) {
      const refused = await attempt(app);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(290);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(300);
    }
  });

  it('opens a new window 5 minutes after the first attempt, and forgets ended windows', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 1, 12) });
    dir = mkdtempSync(join(tmpdir(), 'realm-limit-'));
    const file = join(dir, 'realm.db');
    const [first, second] = [await worker(file), await worker(file)];
    for (let i = 0; i < 25; i++) await attempt(first);
    vi.setSystemTime(Date.UTC(2026, 10, 1, 12, 4, 59));
    expect((await attempt(second)).status).toBe(429);
    vi.setSystemTime(Date.UTC(2026, 10, 1, 12, 5, 0));
    expect((await attempt(second)).status).toBe(404);
    expect((await attempt(first)).status).toBe(404);

    const rows = async () => (await opened[0]!.sql('select count(*) as n from rate_limits'))[0]!.n;
    await opened[0]!.sql("insert into rate_limits values ('203.0.113.9', 0, 3)"); // long over
    expect(await rows()).toBe(2);
    vi.setSystemTime(Date.UTC(2026, 10, 1, 12, 10, 0));
    await attempt(second); // more than a minute after that worker last swept
    expect(await rows()).toBe(1);
  });
});
