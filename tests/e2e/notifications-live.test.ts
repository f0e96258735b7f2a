import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, logIn, signUp, type E2ePage } from './harness.js';
import { callTrpc, card, composer, number, unique, useE2e } from './page-helpers.js';

// Notifications and live updates in two browsers: A and B, each in their own context (their own session and
// live stream). The bell, /notifications, live counts, "N new posts", and a dropped stream that reconnects
// and catches up.

const { open } = useE2e();

const bell = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const notification = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });
const newPosts = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });
const feed = (page: Page) => page.getByRole('region', { name: 'Your feed' });
const firstCard = (page: Page) => feed(page).getByRole('article').first();

async function member(firstName: string, lastName: string) {
  const p = await open();
  const credentials = await signUp(p, firstName, lastName);
  return { p, ...credentials };
}

/** Where the first card of the feed is on screen: it must not move when something new arrives. */
const topOfFeed = async (page: Page) => (await firstCard(page).boundingBox())?.y;

/** Posts through the composer, as a member does; the post is on top of my feed at once. */
async function writePost(p: E2ePage, text: string) {
  await composer(p.page).fill(text);
  await p.page.getByRole('button', { name: 'Post', exact: true }).click();
  await card(p.page, text).waitFor();
}

describe('notifications and live updates between two members', () => {
  it('walks a mention, a like and a new post from one browser to the other without a reload', async () => {
    const a = await member('Amara', 'Okafor');
    const b = await member('Kenji', 'Sato');

    // A follows B: B's bell counts it while B is on the home page.
    await a.p.page.goto(a.p.url(`/profile/${encodeURIComponent(b.username)}`));
    await a.p.page.getByRole('button', { name: `Follow @${b.username}` }).click();
    await a.p.page.getByRole('link', { name: 'NewsFeed' }).click();
    await bell(b.p.page, 'Notifications, 1 unread').waitFor();
    expect(await bell(b.p.page, 'Notifications, 1 unread').textContent()).toBe('1');
    await bell(b.p.page, 'Notifications, 1 unread').click();
    await b.p.page.waitForURL(b.p.url('/notifications'));
    const followed = notification(b.p.page, 'Amara Okafor followed you');
    await followed.waitFor();
    await bell(b.p.page, 'Notifications').waitFor(); // seen: the bell drops to 0
    expect(await followed.getByRole('link').getAttribute('href')).toBe(
      `/profile/${encodeURIComponent(a.username)}`,
    );

    // A mentions B in a post: B's bell shows 1 without a reload, on whatever page B is.
    await b.p.page.getByRole('link', { name: 'NewsFeed' }).click();
    const mention = unique(`Lunch tomorrow @${b.username}?`);
    await writePost(a.p, mention);
    await bell(b.p.page, 'Notifications, 1 unread').waitFor();

    await bell(b.p.page, 'Notifications, 1 unread').click();
    const mentioned = notification(b.p.page, 'Amara Okafor mentioned you');
    await mentioned.waitFor();
    expect(await mentioned.textContent()).toContain(mention);
    expect(await mentioned.textContent()).toContain('Unread:'); // said, not only shown
    expect(await mentioned.getAttribute('class')).toContain('unread');
    expect(await notification(b.p.page, 'followed you').getAttribute('class')).not.toContain('unread');
    await bell(b.p.page, 'Notifications').waitFor();
    await mentioned.getByRole('link').click();
    await b.p.page.waitForURL(/\/post\/[0-9a-f-]+$/);
    await card(b.p.page, mention).waitFor(); // the post's own page
    const postId = b.p.page.url().split('/post/')[1]!;
    await b.p.page.reload(); // the marker is the server's: still read after a reload
    await card(b.p.page, mention).waitFor();
    await bell(b.p.page, 'Notifications').waitFor();

    // B likes A's post: A's bell goes up and the like count on A's card changes, live.
    const aCard = card(a.p.page, mention);
    expect(await number(aCard.getByTestId('like-count'))).toBe(0);
    await callTrpc(b.p, 'posts.like', { postId });
    await bell(a.p.page, 'Notifications, 1 unread').waitFor();
    await aCard.getByTestId('like-count').filter({ hasText: /^1/ }).waitFor();
    await callTrpc(b.p, 'comments.add', { postId, text: 'Count me in' });
    await bell(a.p.page, 'Notifications, 2 unread').waitFor();
    await aCard.getByTestId('comment-count').filter({ hasText: /^1/ }).waitFor();

    // B posts: A hears of it behind "1 new post", and what A is reading does not move.
    await b.p.page.getByRole('link', { name: 'NewsFeed' }).click();
    const before = await topOfFeed(a.p.page);
    const fromB = unique('Fresh bread at the corner');
    await writePost(b.p, fromB);
    await newPosts(a.p.page, '1 new post').waitFor();
    expect(await topOfFeed(a.p.page)).toBe(before);
    expect(await firstCard(a.p.page).textContent()).toContain(mention);
    expect(await card(a.p.page, fromB).count()).toBe(0);
    await newPosts(a.p.page, '1 new post').click();
    await firstCard(a.p.page).filter({ hasText: fromB }).waitFor();
    expect(await a.p.page.evaluate(() => window.scrollY)).toBe(0);
    expect(await newPosts(a.p.page, '1 new post').count()).toBe(0);

    // B deletes it: it leaves A's feed without a reload.
    const link = await card(b.p.page, fromB).locator('a[href^="/post/"]').first().getAttribute('href');
    await callTrpc(b.p, 'posts.delete', { postId: link!.split('/post/')[1] });
    await card(a.p.page, fromB).waitFor({ state: 'detached' });

    // A post of my own is on top at once, never behind the button.
    const own = unique('My own news');
    await writePost(a.p, own);
    await firstCard(a.p.page).filter({ hasText: own }).waitFor();
    await a.p.page.waitForTimeout(500);
    expect(await a.p.page.getByRole('button', { name: /new posts?$/ }).count()).toBe(0);

    // Trending is ordered by likes, not time: it has no "new posts".
    await a.p.page.getByRole('button', { name: 'Trending', exact: true }).click();
    await firstCard(a.p.page).waitFor();
    await writePost(b.p, unique('Quiet news'));
    await a.p.page.waitForTimeout(1_000);
    expect(await a.p.page.getByRole('button', { name: /new posts?$/ }).count()).toBe(0);

    expect(a.p.errors).toEqual([]);
    expect(b.p.errors).toEqual([]);
  });

  it('reconnects a dropped stream and catches up on what it missed', async () => {
    const a = await member('Amara', 'Okafor');
    const b = await member('Kenji', 'Sato');
    const { id: postId } = await callTrpc(a.p, 'posts.create', { content: unique('A quiet evening') });
    await a.p.page.goto(a.p.url(`/profile/${encodeURIComponent(b.username)}`));
    await a.p.page.getByRole('button', { name: `Follow @${b.username}` }).click();
    await a.p.page.getByRole('link', { name: 'NewsFeed' }).click();
    await firstCard(a.p.page).waitFor();
    const before = await topOfFeed(a.p.page);

    await a.p.context.setOffline(true);
    const missed = unique('Posted while you were away');
    await callTrpc(b.p, 'posts.create', { content: missed });
    await callTrpc(b.p, 'posts.like', { postId });
    await a.p.page.waitForTimeout(1_500);
    expect(await a.p.page.getByRole('button', { name: /new posts?$/ }).count()).toBe(0);
    expect(await bell(a.p.page, 'Notifications').count()).toBe(1);

    await a.p.context.setOffline(false);
    await newPosts(a.p.page, '1 new post').waitFor({ timeout: 10_000 });
    await bell(a.p.page, 'Notifications, 1 unread').waitFor();
    expect(await topOfFeed(a.p.page)).toBe(before);

    // And the new stream carries on live.
    await callTrpc(b.p, 'posts.create', { content: unique('And one more') });
    await newPosts(a.p.page, '2 new posts').waitFor();
    expect(a.p.errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });
});

describe('the notifications page', () => {
  it('loads 20 at a time as the member scrolls, newest first', async () => {
    const a = await member('Amara', 'Okafor');
    const b = await member('Kenji', 'Sato');
    // Each mention is a notification of its own (comments on one post group, likes do).
    for (let i = 1; i <= 25; i++) {
      await callTrpc(a.p, 'posts.create', { content: `Question ${i} for @${b.username}` });
    }
    await bell(b.p.page, 'Notifications, 25 unread').click();
    const items = b.p.page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await items.first().waitFor();
    expect(await items.count()).toBe(20);
    expect(await items.first().textContent()).toContain('Question 25');
    await bell(b.p.page, 'Notifications').waitFor();
    await items.nth(19).scrollIntoViewIfNeeded();
    await b.p.page.getByText("You're all caught up.").waitFor();
    expect(await items.count()).toBe(25);
    expect(await items.last().textContent()).toContain('Question 1');
    expect(await items.last().textContent()).toContain('Amara Okafor mentioned you');
  });
});

describe('the live stream of a tab', () => {
  it('is one across pages, and closes on logout', async () => {
    const p = await open();
    const streams: string[] = [];
    const closed: string[] = [];
    p.page.on('request', (request) => request.url().endsWith('/events') && streams.push(request.url()));
    p.page.on('requestfailed', (request) => request.url().endsWith('/events') && closed.push('failed'));
    p.page.on('requestfinished', (request) => request.url().endsWith('/events') && closed.push('ended'));
    await signUp(p);
    await bell(p.page, 'Notifications').click();
    await p.page.getByText('No notifications yet.', { exact: true }).waitFor();
    await p.page.getByRole('link', { name: 'Explore' }).click();
    await p.page.getByRole('link', { name: 'NewsFeed' }).click();
    await p.page.getByRole('region', { name: 'Your feed' }).waitFor();
    expect(streams).toHaveLength(1);
    expect(closed).toEqual([]);

    await p.page.getByRole('button', { name: 'Account menu' }).click();
    await p.page.getByRole('menuitem', { name: 'Log out' }).click();
    await p.page.waitForURL(p.url('/auth'));
    await expect.poll(() => closed.length).toBe(1);
    expect(streams).toHaveLength(1);
  });
});

describe('accessibility of the new screens', () => {
  const widths = [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ];
  const themes = ['light', 'dark'] as const;

  it('finds no serious violation on /notifications and on the home page with its banner', async () => {
    const a = await member('Amara', 'Okafor');
    const b = await member('Kenji', 'Sato');
    await callTrpc(a.p, 'follow.follow', { userId: await idOf(b.p) });
    await callTrpc(b.p, 'follow.follow', { userId: await idOf(a.p) });
    const { id: postId } = await callTrpc(a.p, 'posts.create', { content: unique('Hello #realm') });
    await callTrpc(b.p, 'posts.like', { postId });
    await callTrpc(b.p, 'comments.add', { postId, text: `Nice one @${a.username}` });

    for (const { name, width, height } of widths) {
      for (const colorScheme of themes) {
        const label = `${name} ${colorScheme}`;
        const p = await open({ width, height, colorScheme });
        await logIn(p, a);
        await firstCard(p.page).waitFor();
        await callTrpc(b.p, 'posts.create', { content: unique(`For the banner, ${label}`) });
        await newPosts(p.page, '1 new post').waitFor();
        await expectAccessible(p.page, `home with "1 new post", ${label}`);

        await p.page.goto(p.url('/notifications'));
        await notification(p.page, 'Kenji Sato followed you').waitFor();
        await expectAccessible(p.page, `/notifications, ${label}`);
        expect(p.errors).toEqual([]);
        await p.context.close();
      }
    }
  });

  it('says so when there is nothing yet', async () => {
    const { p } = await member('Nia', 'Tester');
    await p.page.goto(p.url('/notifications'));
    await p.page.getByText('No notifications yet.', { exact: true }).waitFor();
    await bell(p.page, 'Notifications').waitFor();
    await expectAccessible(p.page, 'empty /notifications');
  });
});

const idOf = (p: E2ePage) =>
  p.page.evaluate(() => (JSON.parse(sessionStorage.getItem('user') ?? '{}') as { id: string }).id);
