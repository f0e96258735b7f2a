import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoCredentials,
  expectAccessible,
  fillHandleAndEmail,
  freshCredentials,
  signUp,
} from './harness.js';
import { comment, comments, me, openPost, postBy, thread } from './conversation-helpers.js';
import { callTrpc, card, composer, memberWithPost, unique, useE2e } from './page-helpers.js';

// What members write, in a real browser at a phone's and a desktop's width: a comment sent on a long thread,
// deleting a post, the counter, "Posting...", right-to-left text, and failures in plain words.

const { open } = useE2e();

const offline = 'You are offline or Realm cannot be reached. Check your connection and try again.';
const toasts = (page: Page) => page.locator('.toasts');

/** Whether an element is inside the window now (the member sees it without scrolling). */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });

describe.each([390, 1280])('writing at %i px', (width) => {
  // The phone's width is checked in the dark theme, the desktop's in the light one.
  const colorScheme = width === 390 ? 'dark' : 'light';
  it('shows a comment sent on a post with 48 comments at once, and once after the later pages load', async () => {
    const p = await open({ width });
    await signUp(p);
    const postId = await postBy(p, unique('A long conversation'));
    for (let n = 1; n <= 48; n += 1) await callTrpc(p, 'comments.add', { postId, text: `Earlier ${n}` });
    await openPost(p, postId);
    await p.page.getByRole('heading', { name: '48 comments', exact: true }).waitFor();
    await comments(p.page).first().waitFor();
    expect(await comments(p.page).count()).toBe(20);

    const text = unique('My reply');
    const box = p.page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill(text);
    await box.press('Enter');
    await p.page.getByRole('heading', { name: '49 comments', exact: true }).waitFor();
    // It waits under the box, where the member wrote it, marked, until its page loads.
    const waiting = p.page.getByRole('list', { name: 'Your new comments' }).getByRole('listitem');
    const mine = waiting.filter({ hasText: text });
    await mine.waitFor();
    await expect.poll(() => inView(mine)).toBe(true);
    expect(await mine.getAttribute('class')).toContain('just-added');
    expect(await box.inputValue()).toBe('');
    expect(await comment(p.page, text).count()).toBe(0);

    // Loading every later page shows it once, last, where the server lists it.
    await expect
      .poll(
        async () => {
          await p.page.mouse.wheel(0, 6000);
          return comments(p.page).count();
        },
        { timeout: 30_000 },
      )
      .toBe(49);
    await p.page.getByText("That's every comment.", { exact: true }).waitFor();
    const shown = await thread(p.page).locator('.thread-comment-text').allTextContents();
    expect(shown.filter((t) => t === text)).toHaveLength(1);
    expect(shown.at(-1)).toBe(text);
    expect(shown.slice(0, 48)).toEqual(Array.from({ length: 48 }, (_, n) => `Earlier ${n + 1}`));
    expect(await waiting.count()).toBe(0);
    expect(await p.page.getByText(text, { exact: true }).count()).toBe(1);
    expect(p.errors).toEqual([]);
  });

  it('asks before deleting a post, says it was deleted, and leaves its page for home', async () => {
    const p = await open({ width, colorScheme });
    const { post, text } = await memberWithPost(p);
    await post.getByRole('button', { name: 'Post options' }).click();
    await p.page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Delete post?' });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await expectAccessible(p.page, `delete post dialog at ${width}, ${colorScheme}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card(p.page, text).count()).toBe(1);

    await post.getByRole('button', { name: 'Post options' }).click();
    await p.page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await post.waitFor({ state: 'detached' });
    await toasts(p.page).getByText('Post deleted', { exact: true }).waitFor();

    // On the post's own page, deleting it goes home and says so there.
    const postId = await postBy(p, unique('Gone from its page'));
    await openPost(p, postId);
    await p.page.getByRole('button', { name: 'Post options' }).click();
    await p.page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await p.page.waitForURL(p.url('/'));
    await toasts(p.page).getByText('Post deleted', { exact: true }).waitFor();
    expect(p.errors).toEqual([]);
  });

  it('lets a member type past 500 characters, says how far over, and disables Post until it fits', async () => {
    const p = await open({ width, colorScheme });
    await signUp(p);
    const box = composer(p.page);
    const post = p.page.getByRole('button', { name: 'Post', exact: true });
    await box.fill(`  ${'x'.repeat(505)}  `);
    // Typed in full, not cut at 500; counted as the server counts (trimmed).
    expect((await box.inputValue()).length).toBe(509);
    const over = p.page.getByText('5 over', { exact: true });
    await over.waitFor();
    expect(await p.page.getByText('5 characters over the limit of 500', { exact: true }).count()).toBe(1);
    const color = await over.evaluate((el) => getComputedStyle(el).color);
    const muted = await p.page.evaluate(() => getComputedStyle(document.body).color);
    expect(color).not.toBe(muted);
    expect(await post.isDisabled()).toBe(true);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(p.page, `composer over the limit at ${width}, ${colorScheme}`);

    await box.fill('x'.repeat(500));
    await p.page.getByText('0 characters left', { exact: true }).waitFor();
    expect(await post.isEnabled()).toBe(true);

    // "Posting..." while the post is on its way.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.page.route(/\/trpc\/[^?]*posts\.create/, async (route) => {
      await held;
      await route.continue();
    });
    const text = unique('On its way');
    await box.fill(text);
    await post.click();
    const posting = p.page.getByRole('button', { name: 'Posting...', exact: true });
    await posting.waitFor();
    expect(await posting.isDisabled()).toBe(true);
    release();
    await card(p.page, text).waitFor();
    await p.page.getByRole('button', { name: 'Post', exact: true }).waitFor();
    // A card's one-line comment box shows the counter near the limit only.
    const cardBox = card(p.page, text).getByPlaceholder('Add a comment...');
    await cardBox.fill('c'.repeat(460));
    await card(p.page, text).getByText('40 characters left', { exact: true }).waitFor();
    await cardBox.fill('c'.repeat(10));
    expect(
      await card(p.page, text)
        .getByText(/characters left$/)
        .count(),
    ).toBe(0);

    // The same counter in the edit dialog and the comment box.
    await card(p.page, text).getByRole('button', { name: 'Post options' }).click();
    await p.page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Edit post' });
    await dialog.getByRole('textbox', { name: 'Post', exact: true }).fill('y'.repeat(512));
    await dialog.getByText('12 over', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const postId = await postBy(p, unique('Comment on me'));
    await openPost(p, postId);
    await p.page.getByRole('textbox', { name: 'Add a comment' }).fill('z'.repeat(501));
    await p.page.getByText('1 over', { exact: true }).waitFor();
    expect(await p.page.getByRole('button', { name: 'Comment', exact: true }).isDisabled()).toBe(true);
    expect(p.errors).toEqual([]);
  });

  it('lays out an Arabic post with a #tag and an @mention right to left, each part isolated', async () => {
    const p = await open({ width });
    await signUp(p);
    const { username } = await me(p);
    const text = `مرحبا بكم في #realm مع @${username} اليوم.`;
    await composer(p.page).fill(text);
    await p.page.getByRole('button', { name: 'Post', exact: true }).click();
    const post = card(p.page, 'مرحبا بكم');
    await post.waitFor();
    const content = post.locator('.post-content');
    expect(await content.getAttribute('dir')).toBe('auto');
    const style = (locator: Locator) =>
      locator.evaluate((el) => {
        const s = getComputedStyle(el);
        return { direction: s.direction, unicodeBidi: s.unicodeBidi, textAlign: s.textAlign };
      });
    expect(await style(content)).toMatchObject({ direction: 'rtl', textAlign: 'start' });
    // The tag and the mention are isolated, each reading left to right inside the Arabic.
    for (const part of [
      post.getByRole('link', { name: '#realm', exact: true }),
      post.getByRole('link', { name: `@${username}`, exact: true }),
    ]) {
      expect(await style(part)).toMatchObject({ direction: 'ltr', unicodeBidi: 'isolate' });
    }
    // The sentence starts at the right: the first Arabic word is right of the tag, the full stop at the left end.
    const right = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().right);
    const contentBox = await content.evaluate((el) => el.getBoundingClientRect().right);
    expect(await right(post.getByRole('link', { name: '#realm', exact: true }))).toBeLessThan(
      contentBox - 20,
    );
    expect(p.errors).toEqual([]);
  });

  it('says which field is wrong when an email is taken, and says offline in plain words', async () => {
    const p = await open({ width });
    await p.page.goto(p.url('/signup'));
    // A name past its limit: the counter says how far, and the account waits until it fits.
    await p.page.getByLabel('First name').fill('s'.repeat(53));
    await p.page.getByText('3 over', { exact: true }).waitFor();
    expect(await p.page.getByRole('button', { name: 'Create account' }).isDisabled()).toBe(true);
    await p.page.getByLabel('First name').fill('Sam');
    // A free handle, and the demo member's email, which is taken.
    await fillHandleAndEmail(p.page, { ...freshCredentials(), email: demoCredentials.username });
    await p.page.getByLabel('Password').fill('a-long-password');
    await p.page.getByRole('button', { name: 'Create account' }).click();
    const problem = p.page.getByText('That email is already registered.', { exact: false });
    await problem.waitFor();
    expect(await p.page.getByText('Unprocessable Entity', { exact: false }).count()).toBe(0);
    const email = p.page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toContain(await problem.getAttribute('id'));
    await p.page.getByRole('link', { name: 'Log in instead?' }).waitFor();
    await expectAccessible(p.page, `signup with a taken email at ${width}`);
    await p.page.getByRole('link', { name: 'Log in instead?' }).click();
    await p.page.waitForURL(p.url('/auth'));

    // Offline: a post that cannot be sent says so in words a member can act on.
    await signUp(p);
    await p.context.setOffline(true);
    await composer(p.page).fill(unique('Never sent'));
    await p.page.getByRole('button', { name: 'Post', exact: true }).click();
    await toasts(p.page).getByText(offline, { exact: false }).waitFor();
    expect(await p.page.getByText('Failed to fetch', { exact: false }).count()).toBe(0);
    await p.context.setOffline(false);
  });
});

describe('the login page offline', () => {
  it('says offline, not "Wrong crediential", and keeps the spec\'s words for a wrong password', async () => {
    const p = await open();
    await p.page.goto(p.url('/auth'));
    await p.page.getByLabel('Email').fill(demoCredentials.username);
    await p.page.getByLabel('Password').fill('not-the-password');
    await p.page.getByRole('button', { name: 'Login to your account' }).click();
    await p.page.getByText('Wrong crediential', { exact: true }).waitFor();
    await p.context.setOffline(true);
    await p.page.getByRole('button', { name: 'Login to your account' }).click();
    await p.page.getByText(offline, { exact: true }).waitFor();
    await p.context.setOffline(false);
  });
});
