import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signUp, type E2ePage } from './harness.js';
import { callTrpc, unique, useE2e } from './page-helpers.js';

// Notifications grouped and filtered, and the unread count in the tab's title; counts in words; "Who to
// follow" keeping whom you followed. At phone and desktop widths. The theme: tests/e2e/theme.test.ts.

const { open } = useE2e();

const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

const idOf = (p: E2ePage) =>
  p.page.evaluate(() => (JSON.parse(sessionStorage.getItem('user') ?? '{}') as { id: string }).id);

async function member(firstName: string, lastName: string, size?: { width: number; height: number }) {
  const p = await open(size);
  const credentials = await signUp(p, firstName, lastName);
  return { p, id: await idOf(p), ...credentials };
}

const items = (page: Page, list: string) =>
  page.getByRole('list', { name: list, exact: true }).getByRole('listitem');

describe('notifications', () => {
  for (const size of widths) {
    it(`group comments on one post, filter to mentions, and count unread in the title (${size.name})`, async () => {
      const author = await member('Ana', 'Lima', size);
      const others = [
        await member('Kenji', 'Sato'),
        await member('Amara', 'Okafor'),
        await member('Lea', 'Roux'),
      ];
      const { id: postId } = await callTrpc(author.p, 'posts.create', { content: unique('Thoughts?') });
      await author.p.page.goto(author.p.url('/'));
      await expect.poll(() => author.p.page.title()).toBe('Realm');

      for (const [i, other] of others.entries()) {
        await callTrpc(other.p, 'comments.add', { postId, text: `Comment ${i} from ${other.username}` });
      }
      // Live, without a reload: one group of three commenters.
      await expect.poll(() => author.p.page.title()).toBe('(1) Realm');
      const mention = unique(`Lunch, @${author.username}?`);
      await callTrpc(others[0]!.p, 'posts.create', { content: mention });
      await expect.poll(() => author.p.page.title()).toBe('(2) Realm');

      // The title carries the count on every page, with the page's own name.
      await author.p.page.goto(author.p.url('/settings'));
      await expect.poll(() => author.p.page.title()).toBe('(2) Settings · Realm');

      await author.p.page.goto(author.p.url('/notifications'));
      const all = items(author.p.page, 'Notifications');
      await all.first().waitFor();
      expect(await all.count()).toBe(2);
      expect(await all.nth(1).textContent()).toContain('Lea Roux and 2 others commented on your post');
      expect(await all.nth(1).textContent()).toContain(`Comment 2 from ${others[2]!.username}`);
      expect(await all.nth(0).textContent()).toContain('Kenji Sato mentioned you');
      // Seen: read, and the title says so.
      await expect.poll(() => author.p.page.title()).toBe('Notifications · Realm');

      await author.p.page.getByRole('button', { name: 'Mentions', exact: true }).click();
      const mentions = items(author.p.page, 'Mentions');
      await mentions.first().waitFor();
      expect(await mentions.count()).toBe(1);
      expect(await mentions.first().textContent()).toContain(mention);
      expect(
        await author.p.page
          .getByRole('button', { name: 'Mentions', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await expectAccessible(author.p.page, `/notifications, Mentions, ${size.name}`);
      await author.p.page.getByRole('button', { name: 'All', exact: true }).click();
      await expect.poll(() => all.count()).toBe(2);

      // A like while on another page: the title counts it at once.
      await author.p.page.goto(author.p.url('/explore'));
      await callTrpc(others[1]!.p, 'posts.like', { postId });
      await expect.poll(() => author.p.page.title()).toBe('(1) Realm');
      expect(author.p.errors).toEqual([]);
    });
  }
});

describe('counts in words', () => {
  it('say "1 Follower", "1 post in bookmark" and name a comment\'s author as post headers do', async () => {
    const star = await member('Maya', 'Stern');
    const fan = await member('Otto', 'Fan');
    await callTrpc(fan.p, 'follow.follow', { userId: star.id });
    const { id: postId } = await callTrpc(star.p, 'posts.create', { content: unique('Counting') });
    await callTrpc(fan.p, 'comments.add', { postId, text: 'Count me in' });
    await callTrpc(fan.p, 'bookmarks.add', { postId });

    const { page } = star.p;
    await page.goto(star.p.url(`/profile/${encodeURIComponent(star.username)}`));
    const counts = page.getByRole('region', { name: 'Profile' }).locator('.counts');
    await counts.getByText('Follower', { exact: true }).waitFor();
    // In the page's order each word comes before its number; on screen the number is above it.
    expect(await counts.innerText()).toMatch(/^Post\s+1\s+Follower\s+1\s+Following\s+0$/);
    const card = page.getByRole('article').filter({ hasText: 'Counting' });
    const latest = card.getByRole('list', { name: 'Latest comments' }).getByRole('listitem');
    expect(await latest.first().textContent()).toBe('Otto Fan Count me in');

    await fan.p.page.goto(fan.p.url('/bookmark'));
    await fan.p.page.getByText('1 post in bookmark', { exact: true }).waitFor();
    expect(star.p.errors).toEqual([]);
    expect(fan.p.errors).toEqual([]);
  });
});

describe('who to follow', () => {
  for (const size of widths) {
    it(`keeps whom I followed, marked Following, with Unfollow to undo (${size.name})`, async () => {
      const p = await open(size);
      await signUp(p, 'Wes', 'Newcomer');
      const title = size.width < 800 ? 'People to follow' : 'Who to follow';
      const list = p.page.getByRole('region', { name: title, exact: true });
      // Whoever is suggested first (the file's other members have followers by now).
      const first = list.getByRole('listitem').first();
      const handle = (await first.locator('.username').textContent())!;
      const row = list.getByRole('listitem').filter({ hasText: handle });
      const refetched = p.page.waitForResponse((response) => response.url().includes('whoToFollow'));
      await row.getByRole('button', { name: `Follow ${handle}`, exact: true }).click();
      const unfollow = row.getByRole('button', { name: `Unfollow ${handle}`, exact: true });
      await unfollow.waitFor();
      await row.getByText('Following', { exact: true }).waitFor();
      // The suggestions are fetched again behind the list (and the feed): the person stays.
      await refetched;
      expect(await row.getByText('Following', { exact: true }).isVisible()).toBe(true);
      expect(await list.getByRole('listitem').first().textContent()).toContain(handle);
      await expectAccessible(p.page, `who to follow after following, ${size.name}`);

      await unfollow.click();
      await row.getByRole('button', { name: `Follow ${handle}`, exact: true }).waitFor();
      expect(await row.getByText('Following', { exact: true }).count()).toBe(0);
      expect(p.errors).toEqual([]);
    });
  }
});
