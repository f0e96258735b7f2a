import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app.js';

// Issue 13: one client keeping many requests in flight has at most four answered at once; the rest wait their
// turn briefly or are told to come back, and other clients are served meanwhile.

let t: TestApp;
afterEach(() => t?.close());

const signupFrom = (address: string, username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: address,
    payload: { username, password: 'long-enough-password' },
  });

describe('many requests from one client at once', () => {
  it('are answered four at a time; those that cannot get a turn soon get 503 with Retry-After', async () => {
    t = await makeTestApp(); // no rate limits: this is about requests at once, not requests in 5 minutes
    const started = performance.now();
    const burst = Promise.all(Array.from({ length: 80 }, (_, i) => signupFrom('198.51.100.1', `burst${i}`)));
    // Another client, meanwhile, is answered at once rather than after the burst.
    const other = await signupFrom('203.0.113.2', 'someone-else');
    const otherMs = performance.now() - started;
    const answers = await burst;
    const burstMs = performance.now() - started;
    expect(other.statusCode).toBe(201);
    expect(otherMs).toBeLessThan(burstMs);
    const busy = answers.filter((res) => res.statusCode === 503);
    // 4 answered at once and 64 in line at the most: at least 12 of 80 are turned away at once.
    expect(busy.length).toBeGreaterThanOrEqual(12);
    expect(busy[0]!.json()).toEqual({
      errors: ['You have many requests under way. Try again in a moment.'],
    });
    expect(busy[0]!.headers['retry-after']).toBe('1');
    expect(answers.filter((res) => res.statusCode === 201).length).toBeGreaterThanOrEqual(4);
    expect(answers.every((res) => res.statusCode === 201 || res.statusCode === 503)).toBe(true);
  });

  it('lets a browser’s handful of requests at once through', async () => {
    t = await makeTestApp({ seed: true });
    const member = await t.member();
    const reads = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'GET',
          url: '/trpc/posts.explore?input=%7B%7D',
          headers: { authorization: member.token },
        }),
      ),
    );
    expect(reads.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
  });
});
