import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signUp } from './harness.js';
import { me, postBy } from './conversation-helpers.js';
import { card, unique, useE2e } from './page-helpers.js';

// Profiles in a real browser at a phone's and a desktop's width: editing the display name, the join date, a
// bio whose mentions, tags and links are live, and the profile of a member I muted.

const { open } = useE2e();

const profileCard = (page: Page) => page.getByRole('region', { name: 'Profile' });

describe.each([390, 1280])('profiles at %i px', (width) => {
  it('edits first and last name, shows the join date, and makes a bio live', async () => {
    const p = await open({ width });
    await signUp(p, 'Nia', 'Tester');
    const { username } = await me(p);
    await p.page.goto(p.url(`/profile/${encodeURIComponent(username)}`));
    const profile = profileCard(p.page);
    await profile.getByRole('heading', { name: 'Nia Tester' }).waitFor();
    const month = await p.page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date()),
    );
    await profile.getByText(`Joined ${month}`, { exact: true }).waitFor();

    await profile.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Edit profile' });
    const first = dialog.getByRole('textbox', { name: 'First name' });
    expect(await first.inputValue()).toBe('Nia');
    // Over the limit: the counter says how far, and Save waits until it fits.
    await first.fill('n'.repeat(53));
    await dialog.getByText('3 over', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await expectAccessible(p.page, `edit profile over the limit at ${width}`);
    await first.fill('Layla');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('حداد');
    const bio = `Friends with @janecooper and @nobody-${Date.now()}, into #gardening, see https://example.org/me or javascript:alert(1)`;
    await dialog.getByRole('textbox', { name: 'Bio' }).fill(bio);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const heading = profile.getByRole('heading', { name: 'Layla حداد' });
    await heading.waitFor();
    expect(await heading.getAttribute('dir')).toBe('auto');
    const bioText = profile.locator('.bio');
    expect(await bioText.getAttribute('dir')).toBe('auto');
    expect(await bioText.getByRole('link', { name: '@janecooper' }).getAttribute('href')).toBe(
      '/profile/janecooper',
    );
    expect(await bioText.getByRole('link', { name: /@nobody/ }).count()).toBe(0);
    expect(await bioText.getByRole('link', { name: '#gardening' }).getAttribute('href')).toBe(
      '/tag/gardening',
    );
    const link = bioText.getByRole('link', { name: 'https://example.org/me' });
    expect(await link.getAttribute('rel')).toBe('nofollow noopener ugc');
    const hrefs = await bioText.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.some((href) => href?.startsWith('javascript'))).toBe(false);
    await bioText.getByRole('link', { name: '@janecooper' }).click();
    await p.page.waitForURL(p.url('/profile/janecooper'));

    // The new name is on their posts too.
    const text = unique('Signed with my new name');
    await postBy(p, text);
    await p.page.goto(p.url('/explore'));
    await card(p.page, text).getByText('Layla حداد', { exact: false }).waitFor();
    await p.page.goto(p.url(`/profile/${encodeURIComponent(username)}`));
    await profile.getByRole('heading', { name: 'Layla حداد' }).waitFor();
    await expectAccessible(p.page, `profile at ${width}`);
    expect(p.errors).toEqual([]);
  });

  it("says why a muted member's profile shows no posts, with Unmute", async () => {
    const author = await open({ width });
    await signUp(author, 'Quiet', 'Poster');
    const { username } = await me(author);
    const text = unique('You will not see this while muted');
    await postBy(author, text);

    for (const colorScheme of ['light', 'dark'] as const) {
      const p = await open({ width, colorScheme });
      await signUp(p);
      await p.page.goto(p.url(`/profile/${encodeURIComponent(username)}`));
      const profile = profileCard(p.page);
      await card(p.page, text).waitFor();
      await profile.getByRole('button', { name: `More actions for @${username}` }).click();
      await p.page.getByRole('menuitem', { name: 'Mute' }).click();
      const hidden = p.page.getByRole('region', { name: `Posts by ${username}` });
      await hidden.getByText(`You muted @${username}. Their posts are hidden.`, { exact: true }).waitFor();
      expect(await p.page.getByText('has not posted yet', { exact: false }).count()).toBe(0);
      expect(await card(p.page, text).count()).toBe(0);
      await expectAccessible(p.page, `muted profile at ${width}, ${colorScheme}`);
      await hidden.getByRole('button', { name: 'Unmute' }).click();
      await card(p.page, text).waitFor();
      expect(p.errors).toEqual([]);
    }
  });
});
