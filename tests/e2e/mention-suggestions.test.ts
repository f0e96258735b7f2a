import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signUp } from './harness.js';
import { card, composer, useE2e } from './page-helpers.js';
import { me, postBy } from './conversation-helpers.js';

// The composer's suggestions in a real browser: `@` and the start of a display name suggests people, `#`
// and the start of a tag suggests tags; the keyboard picks; the post links what was picked. At 1280 and
// 390 px, in both themes, axe clean while the list is open.

const { open } = useE2e();

/** Letters only, new on each run: names and tags no other test writes. */
const fresh = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);

const listbox = (page: Page) => page.getByRole('listbox');
const option = (page: Page, name: RegExp | string) => listbox(page).getByRole('option', { name });

describe('composer suggestions', () => {
  it('suggests a member by the start of their display name and a tag by its start; the keyboard picks both', async () => {
    const stamp = fresh();
    const other = await open();
    await signUp(other, `Zeph${stamp}`, 'Quill');
    const { username } = await me(other);
    await postBy(other, `Starting #lookup${stamp}topic today`);

    const p = await open();
    await signUp(p);
    const box = composer(p.page);
    await box.click();
    await box.pressSequentially(`Hello @zeph${stamp.slice(0, 3)}`);
    await option(p.page, new RegExp(`Zeph${stamp} Quill`)).waitFor();
    expect(await box.getAttribute('aria-controls')).toBe(await listbox(p.page).getAttribute('id'));
    expect(await p.page.getByRole('status').filter({ hasText: 'suggested' }).textContent()).toBe(
      '1 person suggested: arrows to choose, Enter to insert, Escape to close.',
    );
    // The first option is active; the arrows move and wrap, and aria-activedescendant follows.
    const first = option(p.page, new RegExp(`Zeph${stamp}`));
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await expectAccessible(p.page, 'composer with people suggested');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(`Hello @${username} `);
    expect(await listbox(p.page).isHidden()).toBe(true);
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();

    await box.pressSequentially(`and #LOOKUP${stamp}`);
    await option(p.page, new RegExp(`#lookup${stamp}topic`)).waitFor();
    expect(await option(p.page, /1 post, 1 this week/).count()).toBe(1);
    await box.press('Tab');
    await expect.poll(() => box.inputValue()).toBe(`Hello @${username} and #lookup${stamp}topic `);

    await p.page.getByRole('button', { name: 'Post', exact: true }).click();
    const post = card(p.page, `Hello @${username}`);
    await post.waitFor();
    expect(await post.getByRole('link', { name: `@${username}`, exact: true }).getAttribute('href')).toBe(
      `/profile/${encodeURIComponent(username)}`,
    );
    expect(await post.getByRole('link', { name: `#lookup${stamp}topic` }).getAttribute('href')).toBe(
      `/tag/lookup${stamp}topic`,
    );
    expect([other.errors, p.errors]).toEqual([[], []]);
  });

  it('closes on Escape, inserts on a click, and fits a 390 px phone in the dark theme', async () => {
    const stamp = fresh();
    const other = await open();
    await signUp(other, 'Yara', `Lookup${stamp}`);
    const { username } = await me(other);

    const p = await open({ width: 390, height: 844, colorScheme: 'dark' });
    await signUp(p);
    const box = composer(p.page);
    await box.click();
    await box.pressSequentially(`@lookup${stamp}`);
    const yara = option(p.page, new RegExp(`Yara Lookup${stamp}`));
    await yara.waitFor();
    const before = await p.page.getByRole('button', { name: 'Post', exact: true }).boundingBox();
    await expectAccessible(p.page, 'suggestions at 390 px, dark');
    const list = (await listbox(p.page).boundingBox())!;
    expect(list.x).toBeGreaterThanOrEqual(0);
    expect(list.x + list.width).toBeLessThanOrEqual(390);
    await box.press('Escape');
    await listbox(p.page).waitFor({ state: 'hidden' });
    // Nothing below moved when the list opened and closed: it lies over the page.
    expect(await p.page.getByRole('button', { name: 'Post', exact: true }).boundingBox()).toEqual(before);
    expect(await box.inputValue()).toBe(`@lookup${stamp}`);

    // Typing on opens it again; a click inserts.
    await box.press('Backspace');
    await yara.waitFor();
    await yara.click();
    await expect.poll(() => box.inputValue()).toBe(`@${username} `);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(p.errors).toEqual([]);
  });

  it("suggests in a card's comment box too, where Enter picks rather than sends while the list is open", async () => {
    const stamp = fresh();
    const other = await open();
    await signUp(other, 'Wren', `Comment${stamp}`);
    const { username } = await me(other);

    const p = await open();
    await signUp(p);
    const text = `A post to comment on ${stamp}`;
    await postBy(p, text);
    await p.page.reload();
    const post = card(p.page, text);
    const input = post.getByPlaceholder('Add a comment...');
    await input.click();
    await input.pressSequentially(`Thanks @comment${stamp.slice(0, 4)}`);
    await option(p.page, new RegExp(`Wren Comment${stamp}`)).waitFor();
    await expectAccessible(p.page, 'comment box with people suggested');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(`Thanks @${username} `);
    await input.press('Enter');
    const link = post.getByRole('listitem').getByRole('link', { name: `@${username}`, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/profile/${encodeURIComponent(username)}`);
    expect(p.errors).toEqual([]);
  });
});
