import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type E2ePage } from './harness.js';
import { card, composer, memberWithPost, number, unique, useE2e } from './page-helpers.js';

// Composer, comments and the author's "Post options" (edit, delete) in a real browser; likes are in
// posting-likes.test.ts.

const { open } = useE2e();

const feed = (page: Page) => page.getByRole('region', { name: 'Your feed' });
const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The Edit post dialog opened from a card's "Post options" menu by mouse. */
async function openEditor(p: E2ePage, post: Locator) {
  await post.getByRole('button', { name: 'Post options' }).click();
  await p.page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = p.page.getByRole('dialog', { name: 'Edit post' });
  await dialog.waitFor();
  return dialog;
}

describe('composer', () => {
  it('keeps Post disabled while blank, counts down from 500, and puts the post on top of the feed', async () => {
    const p = await open();
    const older = await memberWithPost(p);
    const box = composer(p.page);
    const postButton = p.page.getByRole('button', { name: 'Post', exact: true });
    const counter = p.page.getByText(/characters left$/);

    expect(await counter.textContent()).toBe('500 characters left');
    expect(await postButton.isDisabled()).toBe(true);
    await box.fill('   \n  ');
    expect(await postButton.isDisabled()).toBe(true);
    await box.fill('Hello');
    expect(await counter.textContent()).toBe('495 characters left');
    expect(await postButton.isEnabled()).toBe(true);
    await box.fill('x'.repeat(500));
    expect(await counter.textContent()).toBe('0 characters left');

    const text = unique('Fresh from the composer');
    await box.fill(text);
    await postButton.click();
    await expect.poll(() => feed(p.page).getByRole('article').first().textContent()).toContain(text);
    expect(await feed(p.page).getByRole('article').nth(1).textContent()).toContain(older.text);
    expect(await box.inputValue()).toBe('');
    expect(await counter.textContent()).toBe('500 characters left');
    expect(await postButton.isDisabled()).toBe(true);
    expect(p.errors).toEqual([]);
  });
});

describe('comments', () => {
  it('submits on Enter, clears the input, counts, and shows only the latest 4, newest first', async () => {
    const p = await open();
    const { post } = await memberWithPost(p);
    const input = post.getByPlaceholder('Add a comment...');
    const comments = post.getByRole('list', { name: 'Latest comments' }).getByRole('listitem');
    const texts: string[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const text = unique(`Comment ${n}`);
      texts.push(text);
      await input.fill(text);
      await input.press('Enter');
      await expect.poll(() => number(post.getByTestId('comment-count'))).toBe(n);
      await expect.poll(() => input.inputValue()).toBe('');
      if (n === 1) {
        // Named as post headers name members: first and last name, else the username.
        const name = await p.page.evaluate(() => {
          const user = JSON.parse(sessionStorage.getItem('user') ?? '{}');
          return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.username;
        });
        expect(await comments.first().textContent()).toBe(`${name} ${text}`);
      }
    }
    await expect.poll(() => comments.count()).toBe(4);
    const shown = await comments.locator('.comment-text').allTextContents();
    expect(shown).toEqual(texts.slice(2).reverse());
    expect(p.errors).toEqual([]);
  });
});

describe('post options', () => {
  it('edits through the menu: Save changes the text; Cancel and a backdrop click keep it', async () => {
    const p = await open();
    const { post, text } = await memberWithPost(p);

    let dialog = await openEditor(p, post);
    const field = dialog.getByRole('textbox', { name: 'Post', exact: true });
    expect(await field.inputValue()).toBe(text);
    await field.fill('Not this');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await post.locator('.post-content').textContent()).toBe(text);

    dialog = await openEditor(p, post);
    await field.fill('Nor this');
    await p.page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: 'detached' });
    expect(await post.locator('.post-content').textContent()).toBe(text);

    const edited = unique('Edited text');
    dialog = await openEditor(p, post);
    await field.fill(edited);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = card(p.page, edited);
    await after.waitFor();
    await p.page.reload();
    await after.waitFor();
    expect(await card(p.page, text).count()).toBe(0);
    expect(p.errors).toEqual([]);
  });

  it('works by keyboard: arrows move, Escape closes; the dialog traps focus and gives it back', async () => {
    const p = await open();
    const { post, text } = await memberWithPost(p);
    const optionsButton = post.getByRole('button', { name: 'Post options' });
    const menu = p.page.getByRole('menu', { name: 'Post options' });
    const edit = menu.getByRole('menuitem', { name: 'Edit' });
    const del = menu.getByRole('menuitem', { name: 'Delete' });

    await optionsButton.focus();
    await p.page.keyboard.press('ArrowDown');
    await menu.waitFor();
    expect(await optionsButton.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => focused(edit)).toBe(true);
    // The author's menu: Edit, Who can answer, Quote, Delete (docs/web-app.md).
    for (const name of ['Who can answer', 'Quote', 'Delete']) {
      await p.page.keyboard.press('ArrowDown');
      await expect.poll(() => focused(menu.getByRole('menuitem', { name }))).toBe(true);
    }
    await p.page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(edit)).toBe(true);
    await p.page.keyboard.press('ArrowUp');
    await expect.poll(() => focused(del)).toBe(true);
    await p.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => focused(optionsButton)).toBe(true);

    await p.page.keyboard.press('Enter');
    await expect.poll(() => focused(edit)).toBe(true);
    await p.page.keyboard.press('Enter');
    const dialog = p.page.getByRole('dialog', { name: 'Edit post' });
    await dialog.waitFor();
    const field = dialog.getByRole('textbox', { name: 'Post', exact: true });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect.poll(() => focused(field)).toBe(true);
    await p.page.keyboard.press('Tab');
    await expect.poll(() => focused(cancel)).toBe(true);
    await p.page.keyboard.press('Tab');
    await expect.poll(() => focused(save)).toBe(true);
    await p.page.keyboard.press('Tab');
    await expect.poll(() => focused(field)).toBe(true);
    await p.page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(save)).toBe(true);

    await field.fill('Escape must not save this');
    await p.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await post.locator('.post-content').textContent()).toBe(text);
    expect(p.errors).toEqual([]);
    // Focus returns to the menu button that opened the dialog (docs/web-app.md: it works with the keyboard
    // alone).
    await expect.poll(() => focused(optionsButton)).toBe(true);
  });

  it('deletes a post through the menu, and offers no options on other members’ posts', async () => {
    const p = await open();
    const { post, text } = await memberWithPost(p);
    await post.getByRole('button', { name: 'Post options' }).click();
    await p.page.getByRole('menuitem', { name: 'Delete' }).click();
    await p.page
      .getByRole('dialog', { name: 'Delete post?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await post.waitFor({ state: 'detached' });
    await p.page.reload();
    await p.page.getByText('Your feed is empty.', { exact: false }).waitFor();
    expect(await card(p.page, text).count()).toBe(0);

    await p.page.goto(p.url('/explore'));
    const seeded = card(p.page, 'Golden hour by the river');
    await seeded.waitFor();
    expect(await seeded.getByRole('button', { name: 'Post options' }).count()).toBe(0);
    expect(await p.page.getByRole('button', { name: 'Post options' }).count()).toBe(0);
    expect(p.errors).toEqual([]);
  });

  it('shows a relative time whose title is the full date', async () => {
    const p = await open();
    const { post } = await memberWithPost(p);
    const time = post.locator('time');
    expect(await time.textContent()).toBe('just now');
    const iso = (await time.getAttribute('datetime')) ?? '';
    expect(Math.abs(Date.parse(iso) - Date.now())).toBeLessThan(60_000);
    const title = (await time.getAttribute('title')) ?? '';
    const year = String(new Date(iso).getFullYear());
    expect(title).toContain(year);
    expect(title).toMatch(/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day/);

    await p.page.goto(p.url('/explore'));
    const seeded = card(p.page, 'Hello Realm! Small network').locator('time');
    await seeded.waitFor();
    expect(await seeded.textContent()).toBe('3 hr. ago');
    expect(await seeded.getAttribute('title')).toMatch(/\d{4}/);
    expect(p.errors).toEqual([]);
  });
});
