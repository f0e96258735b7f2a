import { describe, expect, it } from 'vitest';
import { expectAccessible, signUp } from './harness.js';
import { callTrpc, card, composer, useE2e } from './page-helpers.js';

// Search (docs/web-app.md, "Search"): the navbar's box and its `/` key, the results page with the found
// words marked, its empty state, on a desktop and a phone, light and dark.

const e2e = useE2e();
const arabic = 'شربت القهوة العربية في الصباح الباكر';

describe('search', () => {
  it('finds a post by two of its Arabic words through `/` and the navbar box, the words marked', async () => {
    const p = await e2e.open();
    await signUp(p);
    await callTrpc(p, 'posts.create', { content: arabic });
    await callTrpc(p, 'posts.create', { content: 'القهوة وحدها، بلا صباح' });
    await p.page.reload();
    // `/` typed in a field is text; elsewhere it goes to the search box.
    await composer(p.page).fill('a/b');
    await expect.poll(() => composer(p.page).inputValue()).toBe('a/b');
    await p.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await p.page.keyboard.press('/');
    const box = p.page.getByRole('searchbox', { name: 'Search posts' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.page.keyboard.type('القهوة الصباح');
    await p.page.keyboard.press('Enter');
    await p.page.waitForURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === 'القهوة الصباح',
    );
    const found = card(p.page, arabic);
    await found.waitFor();
    expect(await p.page.getByRole('article').count()).toBe(1);
    expect(await found.locator('mark').allTextContents()).toEqual(['القهوة', 'الصباح']);
    await expectAccessible(p.page, 'search results, desktop, light');
    await p.page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(p.page, 'search results, desktop, dark');
    expect(p.errors).toEqual([]);
  });

  it('keeps the query in the URL, says when nothing matches, and opens from an icon on a phone', async () => {
    const p = await e2e.open({ width: 390, height: 844, colorScheme: 'dark' });
    await signUp(p);
    await p.page.goto(p.url(`/search?q=${encodeURIComponent('zeppelin')}`));
    await p.page.getByText('No posts match “zeppelin”.').waitFor();
    expect(await p.page.getByRole('searchbox', { name: 'New search' }).inputValue()).toBe('zeppelin');
    await expectAccessible(p.page, 'search, no results, phone, dark');
    await p.page.emulateMedia({ colorScheme: 'light' });
    await expectAccessible(p.page, 'search, no results, phone, light');
    const toggle = p.page.getByRole('button', { name: 'Search', exact: true }).first();
    await toggle.click();
    const box = p.page.getByRole('searchbox', { name: 'Search posts' });
    await box.fill('from:');
    await box.press('Enter');
    await p.page.getByText('Write a username after from:, as in from:ana.').waitFor();
    await expectAccessible(p.page, 'search, refused query, phone, dark');
    expect(p.errors.filter((error) => !/400/.test(error))).toEqual([]);
  });

  it('finds a person by the start of their display name and a tag by its start, on their tabs', async () => {
    const other = await e2e.open();
    await signUp(other, 'Zéphyrine', 'Quartz');
    await callTrpc(other, 'posts.create', { content: 'Ropes and lamps #lighthousekeeping' });
    const p = await e2e.open();
    await signUp(p);
    await p.page.goto(p.url(`/search?q=${encodeURIComponent('zeph')}`));
    await p.page.getByRole('link', { name: 'People' }).click();
    await p.page.waitForURL((url) => url.searchParams.get('type') === 'people');
    const people = p.page.getByRole('list', { name: 'People matching zeph' });
    await people.getByText('Zéphyrine Quartz').waitFor();
    expect(await people.getByRole('listitem').count()).toBe(1);
    await expectAccessible(p.page, 'search, people, desktop, light');
    await p.page.getByRole('searchbox', { name: 'New search' }).fill('#lighthouse');
    await p.page.getByRole('searchbox', { name: 'New search' }).press('Enter');
    await p.page.waitForURL((url) => url.searchParams.get('q') === '#lighthouse');
    await p.page.getByRole('link', { name: 'Tags' }).click();
    const tags = p.page.getByRole('list', { name: 'Tags matching #lighthouse' });
    await tags.getByText('#lighthousekeeping').waitFor();
    await tags.getByRole('link').first().click();
    await p.page.waitForURL((url) => url.pathname === '/tag/lighthousekeeping');
    await card(p.page, 'Ropes and lamps').waitFor();
    expect(p.errors).toEqual([]);
  });
});
