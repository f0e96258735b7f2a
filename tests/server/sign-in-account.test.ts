import { afterEach, describe, expect, it } from 'vitest';
import { factoryPassword } from '../../seed/factories.js';
import { makeTestApp, testEngine, type TestApp } from '../helpers/test-app.js';

// Guesses at one account from many addresses are throttled per account, and password
// hashing, which costs a core ~40 ms, runs a few at a time so that a burst cannot take the server's CPU.

let t: TestApp;
afterEach(() => t?.close());

/** A login from `address`, through the REST door or the tRPC door. */
async function loginFrom(
  address: string,
  username: string,
  password: string,
  door: 'rest' | 'trpc' = 'rest',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: door === 'rest' ? '/api/auth/login' : '/trpc/auth.login',
    remoteAddress: address,
    payload: { username, password },
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

describe('failed logins on one account', () => {
  it('are throttled after 10 in 15 minutes, whichever addresses they come from', async () => {
    t = await makeTestApp({ config: { rateLimit: true } });
    const target = await t.member();
    const other = await t.member();
    for (let i = 0; i < 10; i++) {
      const door = i % 2 ? 'trpc' : 'rest';
      expect((await loginFrom(`198.51.100.${i}`, target.username, `guess-${i}`, door)).status).toBe(401);
    }
    // The 11th try is refused before any password check, even with the right password, from a new address.
    const refused = await loginFrom('203.0.113.7', target.username, factoryPassword);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      errors: [
        expect.stringMatching(/^Too many failed logins for this account\. Try again in 1[45] minutes\.$/),
      ],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const viaTrpc = await loginFrom('203.0.113.8', target.username.toUpperCase(), factoryPassword, 'trpc');
    expect(viaTrpc.status).toBe(429);
    // Other accounts are not affected.
    expect((await loginFrom('203.0.113.7', other.username, factoryPassword)).status).toBe(200);
  });

  it('does not count successful logins', async () => {
    t = await makeTestApp({ config: { rateLimit: true } });
    const member = await t.member();
    for (let i = 0; i < 9; i++) await loginFrom(`198.51.100.${i}`, member.username, 'wrong-guess');
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom('203.0.113.1', member.username, factoryPassword)).status).toBe(200);
    }
  });
});

describe('password hashing under a burst', () => {
  it('runs two hashes at a time, lets 16 more wait briefly, and answers the rest 503 with Retry-After', async () => {
    t = await makeTestApp(); // no rate limits: the burst comes from many addresses
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: `198.51.100.${i + 1}`,
          payload: { username: `burst${i}`, password: 'long-enough-password' },
        }),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    // 2 + 16 at most get their turn (fewer if a slow machine keeps one waiting past the 2 s it may wait). On
    // SQLite every signup reaches the queue in the same turn of the event loop; on PostgreSQL each first
    // awaits its username lookup, so under load a slot can free before the last ones arrive and admit one more.
    const created = statuses.filter((status) => status === 201).length;
    expect(created).toBeGreaterThanOrEqual(10);
    expect(created).toBeLessThanOrEqual(testEngine === 'sqlite' ? 18 : 24);
    const busy = burst.filter((res) => res.statusCode === 503);
    expect(busy).toHaveLength(40 - created);
    expect(busy[0]!.json()).toEqual({
      errors: ['The server is busy checking other passwords. Try again in a moment.'],
    });
    expect(busy[0]!.headers['retry-after']).toBe('2');
    // Nothing half-done: a refused signup left no account behind, and the server answers again at once.
    const refusedName = `burst${statuses.indexOf(503)}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${refusedName}` })).statusCode).toBe(404);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: refusedName, password: 'long-enough-password' },
    });
    expect(after.statusCode).toBe(201);
  });
});
