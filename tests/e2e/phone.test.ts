import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAdmin, newMember, useCommunity, type Community } from './community-helpers.js';
import { expectAccessible, type E2ePage } from './harness.js';
import { callTrpc, card, unique } from './page-helpers.js';
import { fingerPx, scrollsSideways, smallTargets } from './tap-targets.js';

// Realm on a phone (390 px) beside the desktop (1280 px): the bell's count beside the icon, tap targets a
// finger can hit on every main screen, the bottom tab bar, and the compose button floating above it.

const c: Community = useCommunity();
const phone = { width: 390, height: 844 };
const shots = join('test-results', 'phone');
mkdirSync(shots, { recursive: true });
const desktop = { width: 1280, height: 900 };

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const composeButton = (page: Page) => page.getByRole('button', { name: 'Write a post' });
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'a box on screen').not.toBeNull();
  return found!;
};
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** An admin (so settings shows every control) with a post that has comments, followers and notifications. */
async function busyMember() {
  const me = await newAdmin(c);
  const other = await newMember(c, 'Kenji', 'Sato');
  const myId = await me.p.page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('user') ?? '{}') as { id: string }).id,
  );
  const { id: postId } = await callTrpc(me.p, 'posts.create', { content: unique('Morning walk #realm') });
  await callTrpc(other.p, 'follow.follow', { userId: myId });
  await callTrpc(other.p, 'posts.like', { postId });
  // A follow, a like, three comments on this post and one on each of eleven others: comments on one post
  // group into one notification, so the badge counts 1 + 1 + 1 + 11 = 14, two digits.
  for (let i = 1; i <= 3; i++) await callTrpc(other.p, 'comments.add', { postId, text: `Comment ${i}` });
  for (let i = 1; i <= 11; i++) {
    const { id } = await callTrpc(me.p, 'posts.create', { content: unique(`Note ${i}`) });
    await callTrpc(other.p, 'comments.add', { postId: id, text: `A word on note ${i}` });
  }
  await callTrpc(me.p, 'relations.mute', { username: (await newMember(c, 'Sam', 'Muted')).username });
  await callTrpc(me.p, 'invites.create', { expiresInDays: 7, maxUses: 5 });
  return { me, other, postId };
}

async function resize(p: E2ePage, size: { width: number; height: number }, colorScheme: 'light' | 'dark') {
  await p.page.setViewportSize(size);
  await p.page.emulateMedia({ colorScheme });
}

describe('the unread badge', () => {
  it('sits beside the bell, never over it nor over a neighbour, at 1280 and 390 px; the name says the count', async () => {
    const { me } = await busyMember();
    const { page } = me.p;

    await resize(me.p, desktop, 'light');
    await page.goto(me.p.url('/'));
    const bell = mainNav(page).getByRole('link', { name: 'Notifications, 14 unread', exact: true });
    await bell.waitFor();
    const bellBox = await box(bell);
    const icon = await box(bell.locator('svg'));
    const badge = bell.locator('.bell-badge');
    expect(await badge.textContent()).toBe('14');
    const badgeBox = await box(badge);
    expect(overlaps(badgeBox, icon), 'badge over the bell icon at 1280 px').toBe(false);
    expect(inside(badgeBox, bellBox), 'badge inside the bell link at 1280 px').toBe(true);
    for (const neighbour of [
      mainNav(page).getByRole('link', { name: 'Explore' }),
      page.getByRole('button', { name: 'Account menu' }),
    ]) {
      expect(overlaps(bellBox, await box(neighbour)), 'the bell over a neighbour at 1280 px').toBe(false);
    }
    await expectAccessible(page, 'home with the badge at 1280 px');
    await page.screenshot({
      path: join(shots, 'badge-1280.png'),
      clip: { x: 0, y: 0, width: 1280, height: 80 },
    });

    await resize(me.p, phone, 'light');
    expect(await bell.isVisible(), 'the top bell gives way to the tab bar on a phone').toBe(false);
    const tab = tabs(page).getByRole('link', { name: 'Notifications, 14 unread', exact: true });
    const tabBox = await box(tab);
    expect(tabBox.width).toBeGreaterThanOrEqual(fingerPx);
    expect(tabBox.height).toBeGreaterThanOrEqual(fingerPx);
    const tabIcon = await box(tab.locator('svg'));
    const tabBadgeBox = await box(tab.locator('.tab-badge'));
    expect(await tab.locator('.tab-badge').textContent()).toBe('14');
    expect(overlaps(tabBadgeBox, tabIcon), 'badge over the bell icon at 390 px').toBe(false);
    expect(inside(tabBadgeBox, tabBox), 'badge spills out of its tab at 390 px').toBe(true);
    await page.screenshot({ path: join(shots, 'tab-bar-390.png') });
    for (const name of ['Explore', 'Profile']) {
      const neighbour = await box(tabs(page).getByRole('link', { name, exact: true }));
      expect(overlaps(tabBox, neighbour), `the Notifications tab over ${name}`).toBe(false);
    }
    expect(me.p.errors).toEqual([]);
  });
});

describe('tap targets at 390 px', () => {
  it('are at least 44 x 44 on every main screen, menu and dialog, with nothing scrolling sideways', async () => {
    const { me, other, postId } = await busyMember();
    const { page } = me.p;
    await resize(me.p, phone, 'light');
    await callTrpc(me.p, 'bookmarks.add', { postId });
    const problems: string[] = [];
    const walk = async (screen: string) => {
      const small = await smallTargets(page);
      if (small.length > 0) problems.push(`${screen}: ${small.join(', ')}`);
      if (await scrollsSideways(page)) problems.push(`${screen}: scrolls sideways`);
    };
    const visit = async (path: string, ready: Locator, screen: string) => {
      await page.goto(me.p.url(path));
      await ready.waitFor();
      await walk(screen);
    };

    await visit('/', page.getByRole('article').first(), 'home');
    await page.getByRole('article').first().getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await walk('post options menu');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit post' }).waitFor();
    await walk('edit post dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await walk('account menu');
    await page.keyboard.press('Escape');
    await composeButton(page).click();
    await page.getByRole('dialog', { name: 'New post' }).waitFor();
    await walk('compose dialog');
    await page.keyboard.press('Escape');

    await visit('/explore', page.getByRole('article').nth(3), 'explore');
    await callTrpc(me.p, 'comments.add', { postId, text: unique('My own comment') });
    await visit(`/post/${postId}`, page.getByRole('listitem', { name: /^Comment by/ }).first(), 'a post');
    const mine = page.getByRole('listitem', { name: `Comment by ${me.username}` });
    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine.getByRole('button', { name: 'Cancel' }).waitFor();
    await walk('editing a comment');
    await mine.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('button', { name: /^Report comment by/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('radio').first().waitFor();
    await walk('report dialog');
    await page.keyboard.press('Escape');
    await visit(
      `/profile/${encodeURIComponent(other.username)}`,
      page.getByRole('button', { name: /^Follow/ }),
      'a profile',
    );
    await page.getByRole('button', { name: 'More actions' }).first().click();
    await page.getByRole('menuitem').first().waitFor();
    await walk('member menu');
    await page.keyboard.press('Escape');
    await visit(
      `/profile/${encodeURIComponent(me.username)}`,
      page.getByRole('button', { name: 'Edit Profile' }),
      'own profile',
    );
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('dialog', { name: 'Edit profile' }).waitFor();
    await walk('edit profile dialog');
    await page.keyboard.press('Escape');
    await visit('/notifications', page.getByRole('list', { name: 'Notifications' }), 'notifications');
    await visit(
      '/settings',
      page.getByRole('region', { name: 'Invites', exact: true }).getByRole('listitem').first(),
      'settings',
    );
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog').waitFor();
    await walk('delete account dialog');
    await page.keyboard.press('Escape');
    await visit('/bookmark', page.getByRole('article').first(), 'bookmarks');

    expect(problems).toEqual([]);
    expect(me.p.errors).toEqual([]);
  });
});

describe('the tab bar and the compose button', () => {
  it('take a phone around Home, Explore, Notifications and Profile, marking the current tab', async () => {
    const me = await newMember(c, 'Pho', 'Tabs');
    const { page } = me.p;
    await resize(me.p, phone, 'light');
    await page.goto(me.p.url('/'));
    const tab = (name: string) => tabs(page).getByRole('link', { name, exact: true });
    await tab('Home').waitFor();
    // The top navbar slims to the brand, Bookmark and the account menu; the rest is in the tabs.
    expect(await mainNav(page).getByRole('link', { name: 'NewsFeed' }).isVisible()).toBe(false);
    expect(await mainNav(page).getByRole('link', { name: 'Explore' }).isVisible()).toBe(false);
    expect(await mainNav(page).getByRole('link', { name: 'Bookmark' }).isVisible()).toBe(true);

    const current = () => tabs(page).locator('[aria-current="page"] .tab-label').allTextContents();
    expect(await current()).toEqual(['Home']);
    const walk = [
      { name: 'Explore', path: '/explore', heading: 'Explore' },
      { name: 'Notifications', path: '/notifications', heading: 'Notifications' },
      { name: 'Profile', path: `/profile/${encodeURIComponent(me.username)}`, heading: 'Pho Tabs' },
      { name: 'Home', path: '/', heading: 'Home' },
    ];
    for (const step of walk) {
      await tab(step.name).click();
      await page.waitForURL(me.p.url(step.path));
      await page.getByRole('heading', { name: step.heading, level: 1 }).waitFor({ state: 'attached' });
      expect(await current(), `current tab on ${step.path}`).toEqual([step.name]);
      const size = await box(tab(step.name));
      expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(fingerPx);
    }

    // Scrolled to the end, the page's last content sits clear of the tab bar and the compose button.
    await page.goto(me.p.url('/explore'));
    await page.getByRole('article').first().waitFor();
    const clearance = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const content = document.querySelector('main > :last-child')!.getBoundingClientRect();
      const fab = document.querySelector('.compose-fab')!.getBoundingClientRect();
      const bar = document.querySelector('.tab-bar')!.getBoundingClientRect();
      return { toFab: fab.top - content.bottom, toBar: bar.top - content.bottom };
    });
    expect(clearance.toFab, 'content under the compose button').toBeGreaterThanOrEqual(0);
    expect(clearance.toBar, 'content under the tab bar').toBeGreaterThanOrEqual(0);
    expect(await scrollsSideways(page)).toBe(false);

    // The desktop keeps its navbar and has neither.
    await resize(me.p, desktop, 'light');
    expect(await tabs(page).isVisible()).toBe(false);
    expect(await composeButton(page).isVisible()).toBe(false);
    expect(await mainNav(page).getByRole('link', { name: 'Explore' }).isVisible()).toBe(true);
    expect(me.p.errors).toEqual([]);
  });

  it('opens the composer in a dialog from any screen; Escape closes it; posting puts the post in the feed', async () => {
    const me = await newMember(c, 'Pho', 'Poster');
    const { page } = me.p;
    await resize(me.p, phone, 'light');
    await page.goto(me.p.url('/explore'));
    await page.getByRole('article').first().waitFor();

    await composeButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'New post' });
    const box = dialog.getByPlaceholder("What's in your mind?");
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => composeButton(page).evaluate((el) => el === document.activeElement)).toBe(true);

    const text = unique('Posted from the floating button');
    await composeButton(page).click();
    await box.fill(text);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('Your post is published.').waitFor();
    await tabs(page).getByRole('link', { name: 'Home', exact: true }).click();
    await card(page, text).waitFor();
    expect(me.p.errors).toEqual([]);
  });

  it('passes axe in light and dark at 390 px, with the tab bar, the badge and the compose dialog', async () => {
    const { me } = await busyMember();
    for (const scheme of ['light', 'dark'] as const) {
      await resize(me.p, phone, scheme);
      await me.p.page.goto(me.p.url('/'));
      await tabs(me.p.page).getByRole('link', { name: 'Notifications, 14 unread', exact: true }).waitFor();
      await me.p.page.getByRole('article').first().waitFor();
      await expectAccessible(me.p.page, `home at 390 px, ${scheme}`);
      await composeButton(me.p.page).click();
      await me.p.page.getByRole('dialog', { name: 'New post' }).waitFor();
      await expectAccessible(me.p.page, `compose dialog at 390 px, ${scheme}`);
      await me.p.page.keyboard.press('Escape');
      await resize(me.p, desktop, scheme);
      await expectAccessible(me.p.page, `home at 1280 px, ${scheme}`);
    }
    expect(me.p.errors).toEqual([]);
  });
});
