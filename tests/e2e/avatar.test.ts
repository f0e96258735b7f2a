import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startE2e, type E2e } from './harness.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

describe('avatars', () => {
  it('show initials where a member has no picture, and where the picture fails to load', async () => {
    const p = await e2e.newPage();
    const { username } = await signUp(p, 'Nia', 'Tester');
    const avatar = p.page.getByRole('img', { name: `${username}'s picture` }).first();

    await p.page.goto(p.url(`/profile/${username}`));
    await expect.poll(() => avatar.textContent()).toBe('NT');

    // A picture that is gone (the app's own /pictures/ answers 404): it fails to load, the initials stand in.
    const token = await p.page.evaluate(() => sessionStorage.getItem('token'));
    const saved = await p.page.evaluate(
      async ([auth]) =>
        (
          await fetch('/trpc/users.editProfile', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: auth! },
            body: JSON.stringify({ profilePic: '/pictures/missing.svg' }),
          })
        ).status,
      [token],
    );
    expect(saved).toBe(200);
    await p.page.reload();
    await expect.poll(() => avatar.textContent()).toBe('NT');
    expect(await avatar.evaluate((node) => node.tagName)).toBe('SPAN');
    // The failed picture itself is the one expected console error.
    expect(p.errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  });
});
