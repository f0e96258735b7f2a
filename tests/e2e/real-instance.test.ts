import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startE2e, type E2e } from './harness.js';

// A self-hoster's instance (`realm serve` without --demo): no demo members, so no published password.
let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e({ demo: false });
});
afterAll(() => e2e?.close());

describe('a real instance, started without the demo', () => {
  it('has no demo member, and its login page offers no test credentials', async () => {
    const p = await e2e.newPage();
    await p.page.goto(p.url('/auth'));
    await p.page.getByRole('heading', { name: 'Login to Realm' }).waitFor();
    await p.page.getByRole('button', { name: 'Login to your account' }).waitFor();
    // The query that decides has answered once the page is idle; the button must still be absent.
    await p.page.waitForLoadState('networkidle');
    expect(await p.page.getByRole('button', { name: 'Add Test Credentials' }).count()).toBe(0);
    const { users } = (await (await fetch(`${e2e.server.url}/api/users`)).json()) as { users: unknown[] };
    expect(users).toEqual([]);
  });

  it('lets the first member sign up and see an empty home feed', async () => {
    const p = await e2e.newPage();
    await signUp(p, 'Ada', 'First');
    await p.page.getByRole('navigation', { name: 'Main' }).waitFor();
    const { posts } = (await (await fetch(`${e2e.server.url}/api/posts`)).json()) as { posts: unknown[] };
    expect(posts).toEqual([]);
    expect(p.errors).toEqual([]);
  });
});
