import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signUp } from './harness.js';
import { useE2e } from './page-helpers.js';

// The theme: Light, Dark or System chosen in /settings, kept on the device across reloads, and in effect
// before the first paint (public/theme.js), both ways round: dark on a light system and light on a dark one.

const { open } = useE2e();

const dark = 'rgb(15, 16, 32)'; // --bg of the dark theme (styles.css)
const light = 'rgb(244, 245, 251)';

/** The theme on <html> and the page's background when <body> first appears, before the app's script ran. */
async function recordFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.body) return;
      seen.disconnect();
      const w = window as unknown as { firstTheme: string | null };
      w.firstTheme = document.documentElement.getAttribute('data-theme');
    });
    seen.observe(document, { childList: true, subtree: true });
  });
}

const firstTheme = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstTheme: string | null }).firstTheme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const choice = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

describe('the theme', () => {
  for (const [system, chosen, other] of [
    ['light', 'Dark', 'dark'],
    ['dark', 'Light', 'light'],
  ] as const) {
    for (const size of [
      { name: 'phone', width: 390, height: 844 },
      { name: 'desktop', width: 1280, height: 900 },
    ]) {
      it(`${chosen} on a ${system} system is kept across reloads, from the first paint (${size.name})`, async () => {
        const p = await open({ ...size, colorScheme: system });
        await recordFirstPaint(p.page);
        await signUp(p);
        await p.page.goto(p.url('/settings'));
        expect(await choice(p.page, 'System').isChecked()).toBe(true);
        expect(await firstTheme(p.page)).toBe(system);
        expect(await background(p.page)).toBe(system === 'dark' ? dark : light);

        await choice(p.page, chosen).check();
        await expect.poll(() => background(p.page)).toBe(other === 'dark' ? dark : light);
        await expectAccessible(p.page, `/settings in ${other} on a ${system} system, ${size.name}`);

        await p.page.reload();
        await choice(p.page, chosen).waitFor();
        expect(await choice(p.page, chosen).isChecked()).toBe(true);
        expect(await firstTheme(p.page)).toBe(other);
        expect(await background(p.page)).toBe(other === 'dark' ? dark : light);
        await p.page.goto(p.url('/'));
        await p.page.getByRole('region', { name: 'Your feed' }).waitFor();
        expect(await firstTheme(p.page)).toBe(other);
        await expectAccessible(p.page, `home in ${other}, ${size.name}`);

        // System again: the system's theme, and no choice kept.
        await p.page.goto(p.url('/settings'));
        await choice(p.page, 'System').check();
        await expect.poll(() => background(p.page)).toBe(system === 'dark' ? dark : light);
        expect(await p.page.evaluate(() => localStorage.getItem('realm-theme'))).toBeNull();
        expect(p.errors).toEqual([]);
      });
    }
  }
});
