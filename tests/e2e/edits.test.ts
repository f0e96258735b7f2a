import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './harness.js';
import { card, memberWithPost, unique, useE2e } from './page-helpers.js';

// An edited post or comment says "edited", with the edit's date in its name, on the card, on the post's page
// and on the comment; on the post's page "edited" opens every version, newest first, the original marked.

const { open } = useE2e();

/** The "edited" mark inside `scope`: its <time> carries the edit's date. */
const editedTime = (scope: Locator) => scope.locator('time', { hasText: /^edited$/ });

async function expectEditedMark(scope: Locator) {
  const time = editedTime(scope);
  await time.waitFor();
  expect(await time.getAttribute('title')).toMatch(/^Edited \w/);
  expect(Number.isNaN(Date.parse((await time.getAttribute('datetime')) ?? ''))).toBe(false);
}

/** The texts of a history dialog's versions, each as "<name>: <text>". */
const versionsIn = (dialog: Locator) =>
  dialog
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map(
        (item) =>
          `${item.querySelector('strong')?.textContent}: ${item.querySelector('.edit-version-text')?.textContent}`,
      ),
    );

async function axeBothThemes(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${label}, ${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe.each([390, 1280])('at %i px', (width) => {
  it('marks an edited post and comment and shows their history', async () => {
    const p = await open({ width, height: 844 });
    const { post, text } = await memberWithPost(p);
    expect(await editedTime(post).count()).toBe(0);

    // Edit the post from the feed.
    await post.getByRole('button', { name: 'Post options' }).click();
    await p.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = p.page.getByRole('dialog', { name: 'Edit post' });
    const changed = unique('Changed words');
    await editor.getByRole('textbox', { name: 'Post', exact: true }).fill(changed);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const edited = card(p.page, changed);
    await expectEditedMark(edited);

    // The post's page: the same mark, now a button to the history.
    await edited.locator('a.post-time').click();
    await p.page.waitForURL(/\/post\//);
    const page = card(p.page, changed);
    await expectEditedMark(page);

    // A comment, edited on the page.
    const first = unique('First comment');
    await p.page.getByPlaceholder('Add a comment...').fill(first);
    await p.page.getByPlaceholder('Add a comment...').press('Enter');
    // The only comment: its text leaves the item while it is being edited.
    const comment = p.page
      .getByRole('list', { name: 'Comments' })
      .getByRole('listitem', { name: /^Comment by / });
    await comment.filter({ hasText: first }).waitFor();
    expect(await editedTime(comment).count()).toBe(0);
    await comment.getByRole('button', { name: 'Edit' }).click();
    const better = unique('Better comment');
    await comment.getByRole('textbox', { name: 'Edit comment' }).fill(better);
    await comment.getByRole('button', { name: 'Save' }).click();
    await comment.filter({ hasText: better }).waitFor();
    await expectEditedMark(comment);

    await comment.getByRole('button', { name: /^Edited .*Show the edit history$/ }).click();
    let dialog = p.page.getByRole('dialog', { name: 'Edit history of this comment' });
    await dialog.getByRole('listitem').first().waitFor();
    expect(await versionsIn(dialog)).toEqual([`Current: ${better}`, `Original: ${first}`]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // After a reload, from the server: the post's history, newest first, each with its date.
    await p.page.reload();
    await page.getByRole('button', { name: /^Edited .*Show the edit history$/ }).click();
    dialog = p.page.getByRole('dialog', { name: 'Edit history of this post' });
    await dialog.getByRole('listitem').first().waitFor();
    expect(await versionsIn(dialog)).toEqual([`Current: ${changed}`, `Original: ${text}`]);
    const times = await dialog
      .locator('time')
      .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')));
    expect(times).toHaveLength(2);
    expect(times[0]! > times[1]!).toBe(true);
    // The dialog fits the screen: nothing scrolls sideways.
    expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await axeBothThemes(p.page, `edit history at ${width} px`);
    await p.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Back on the feed, the card's comment carries the mark as well.
    await p.page.goto(p.url('/'));
    const onFeed = card(p.page, changed);
    await onFeed.waitFor();
    await expectEditedMark(onFeed.getByRole('list', { name: 'Latest comments' }));
    expect(p.errors).toEqual([]);
  });
});
