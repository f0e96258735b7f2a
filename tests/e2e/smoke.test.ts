import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, logIn, startE2e, type E2e } from './harness.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

describe('the served app in a real browser', () => {
  it('runs under the CSP without script errors, and the login page passes axe', async () => {
    const p = await e2e.newPage();
    const response = await p.page.goto(p.url('/auth'), { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
    await expectAccessible(p.page, 'login');
    await logIn(p);
    await p.page.getByRole('article').first().waitFor();
    await expectAccessible(p.page, 'home');
    expect(p.errors).toEqual([]);
  });
});
