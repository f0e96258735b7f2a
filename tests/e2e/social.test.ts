import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp, type E2ePage } from './harness.js';
import { callTrpc, card, unique, useE2e } from './page-helpers.js';

// Bookmarks, Latest/Trending, following and profiles in a real browser.

const { open } = useE2e();

const me = (p: E2ePage) =>
  p.page.evaluate(
    () => JSON.parse(sessionStorage.getItem('user') ?? '{}') as { id: string; username: string },
  );

const contents = (region: Locator) => region.getByRole('article').locator('.post-content').allTextContents();
/** A profile count by its word, one or many ("Post" or "Posts"). */
const count = (profile: Locator, label: string) =>
  profile
    .locator('.counts div')
    .filter({ has: profile.page().locator('dt', { hasText: new RegExp(`^${label}s?$`) }) })
    .locator('dd')
    .textContent()
    .then(Number);

describe('bookmarks', () => {
  it('bookmarks from a card, lists them on the Bookmark page, and empties again', async () => {
    const p = await open();
    await signUp(p);
    await p.page.goto(p.url('/bookmark'));
    await p.page.getByText('No Post is bookmarked yet', { exact: true }).waitFor();
    expect(await p.page.getByText(/posts in bookmark/).count()).toBe(0);

    await p.page.goto(p.url('/explore'));
    for (const text of ['Golden hour by the river', 'A city is a machine']) {
      const post = card(p.page, text);
      await post.getByRole('button', { name: 'Bookmark', exact: true }).click();
      const remove = post.getByRole('button', { name: 'Remove bookmark', exact: true });
      await remove.waitFor();
      expect(await remove.getAttribute('aria-pressed')).toBe('true');
    }

    await p.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmark' }).click();
    await p.page.waitForURL(p.url('/bookmark'));
    await p.page.getByText('2 posts in bookmark', { exact: true }).waitFor();
    const list = p.page.getByRole('region', { name: 'Bookmarked posts' });
    const bookmarked = await contents(list);
    expect(bookmarked).toHaveLength(2);
    expect(bookmarked[0]).toMatch(/^A city is a machine/); // most recently bookmarked first
    expect(bookmarked[1]).toMatch(/^Golden hour by the river/);

    const city = card(p.page, 'A city is a machine');
    await city.getByRole('button', { name: 'Remove bookmark', exact: true }).click();
    await city.waitFor({ state: 'detached' });
    await p.page.getByText('1 post in bookmark', { exact: true }).waitFor();
    await card(p.page, 'Golden hour by the river').getByRole('button', { name: 'Remove bookmark' }).click();
    await p.page.getByText('No Post is bookmarked yet', { exact: true }).waitFor();
    await p.page.reload();
    await p.page.getByText('No Post is bookmarked yet', { exact: true }).waitFor();
    expect(await list.getByRole('article').count()).toBe(0);
    expect(p.errors).toEqual([]);
  });
});

describe('home feed', () => {
  it('orders Latest by time and Trending by likes + comments, newest first on ties', async () => {
    const p = await open();
    await signUp(p);
    const [p1, p2, p3, p4] = [1, 2, 3, 4].map((n) => unique(`Feed order ${n}`));
    const ids: string[] = [];
    for (const content of [p1, p2, p3, p4]) ids.push((await callTrpc(p, 'posts.create', { content })).id);
    // Scores: p1 = 1 like + 2 comments = 3; p2 = 0; p3 = 1 comment = 1; p4 = 1 like = 1 (newer than p3).
    await callTrpc(p, 'posts.like', { postId: ids[0] });
    await callTrpc(p, 'comments.add', { postId: ids[0], text: 'one' });
    await callTrpc(p, 'comments.add', { postId: ids[0], text: 'two' });
    await callTrpc(p, 'comments.add', { postId: ids[2], text: 'three' });
    await callTrpc(p, 'posts.like', { postId: ids[3] });

    await p.page.reload();
    const feed = p.page.getByRole('region', { name: 'Your feed' });
    const latest = p.page.getByRole('button', { name: 'Latest', exact: true });
    const trending = p.page.getByRole('button', { name: 'Trending', exact: true });
    await expect.poll(() => contents(feed)).toEqual([p4, p3, p2, p1]);
    expect(await latest.getAttribute('aria-pressed')).toBe('true');

    await trending.click();
    await expect.poll(() => contents(feed)).toEqual([p1, p4, p3, p2]);
    expect(await trending.getAttribute('aria-pressed')).toBe('true');
    expect(await latest.getAttribute('aria-pressed')).toBe('false');
    const scores = await feed
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.map((c) =>
          ['like-count', 'comment-count']
            .map((id) => Number.parseInt(c.querySelector(`[data-testid="${id}"]`)?.textContent ?? '', 10))
            .reduce((a, b) => a + b),
        ),
      );
    expect(scores).toEqual([3, 1, 1, 0]);

    await latest.click();
    await expect.poll(() => contents(feed)).toEqual([p4, p3, p2, p1]);
    expect(p.errors).toEqual([]);
  });

  it('follows from "Who to follow": the person stays, marked Following, until the list is loaded again, and their posts join the feed', async () => {
    // An author with one follower already, so they rank among the (at most 10, most-followed first) suggestions.
    const author = await open();
    await signUp(author, 'Bea', 'Author');
    const text = unique('Post by the followed author');
    await callTrpc(author, 'posts.create', { content: text });
    const { id: authorId, username } = await me(author);
    const fan = await open();
    await signUp(fan);
    await callTrpc(fan, 'follow.follow', { userId: authorId });

    const p = await open();
    await signUp(p);
    const suggestions = p.page.getByRole('region', { name: 'Who to follow' });
    const follow = suggestions.getByRole('button', { name: `Follow @${username}`, exact: true });
    await follow.waitFor();
    expect(await suggestions.getByText('Bea Author').count()).toBe(1);
    expect(await card(p.page, text).count()).toBe(0);

    await follow.click();
    await follow.waitFor({ state: 'detached' });
    const row = suggestions.getByRole('listitem').filter({ hasText: `@${username}` });
    await row.getByRole('button', { name: `Unfollow @${username}`, exact: true }).waitFor();
    await row.getByText('Following', { exact: true }).waitFor();
    const feed = p.page.getByRole('region', { name: 'Your feed' });
    await feed.getByRole('article').filter({ hasText: text }).waitFor();
    expect(await row.getByText('Following', { exact: true }).count()).toBe(1);
    await p.page.reload();
    await card(p.page, text).waitFor();
    await suggestions.getByRole('heading', { name: 'Who to follow' }).waitFor();
    expect(await suggestions.getByText(`@${username}`).count()).toBe(0);
    expect([author.errors, fan.errors, p.errors]).toEqual([[], [], []]);
  });
});

describe('profiles', () => {
  it("shows another member's card and follows then unfollows them", async () => {
    const p = await open();
    await signUp(p);
    await p.page.goto(p.url('/profile/marcuslee'));
    const profile = p.page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('heading', { name: 'Marcus Lee', level: 1 }).waitFor();
    expect(await profile.locator('.banner img').getAttribute('src')).toMatch(
      /\/pictures\/marcus-banner\.svg$/,
    );
    expect(await profile.getByRole('img', { name: "marcuslee's picture" }).count()).toBe(1);
    await profile.getByText('@marcuslee', { exact: true }).waitFor();
    await profile.getByText('Backend engineer, weekend baker.', { exact: true }).waitFor();
    const link = profile.getByRole('link', { name: 'https://example.com/marcus' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(await count(profile, 'Post')).toBe(1);
    const followers = await count(profile, 'Follower');
    expect(await count(profile, 'Following')).toBe(0);
    expect(await profile.getByRole('button', { name: 'Edit Profile' }).count()).toBe(0);
    await card(p.page, 'Sourdough attempt number four').waitFor();

    await profile.getByRole('button', { name: 'Follow @marcuslee', exact: true }).click();
    const unfollow = profile.getByRole('button', { name: 'Unfollow @marcuslee', exact: true });
    await unfollow.waitFor();
    expect(await unfollow.textContent()).toBe('Unfollow');
    await expect.poll(() => count(profile, 'Follower')).toBe(followers + 1);
    await p.page.reload();
    await unfollow.waitFor();
    expect(await count(profile, 'Follower')).toBe(followers + 1);

    await unfollow.click();
    const follow = profile.getByRole('button', { name: 'Follow @marcuslee', exact: true });
    await follow.waitFor();
    expect(await follow.textContent()).toBe('Follow');
    await expect.poll(() => count(profile, 'Follower')).toBe(followers);
    expect(p.errors).toEqual([]);
  });

  it('edits my own profile: the new bio and a safe http(s) link show; a bad Url is refused', async () => {
    const p = await open();
    await signUp(p, 'Olu', 'Owner');
    const { username } = await me(p);
    await p.page.getByRole('button', { name: 'Account menu' }).click();
    await p.page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await p.page.waitForURL(p.url(`/profile/${encodeURIComponent(username)}`));
    const profile = p.page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('heading', { name: 'Olu Owner' }).waitFor();
    expect(await profile.getByRole('button', { name: /^(Un)?[Ff]ollow/ }).count()).toBe(0);
    const edit = profile.getByRole('button', { name: 'Edit Profile', exact: true });

    const bio = unique('Writes tests for fun');
    await edit.click();
    let dialog = p.page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.getByRole('textbox', { name: 'Bio' }).fill(bio);
    await dialog.getByRole('textbox', { name: 'Url' }).fill('https://example.org/olu');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await profile.getByText(bio, { exact: true }).waitFor();
    const link = profile.getByRole('link', { name: 'https://example.org/olu' });
    expect(await link.getAttribute('href')).toBe('https://example.org/olu');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');

    for (const bad of ['javascript:alert(1)', 'ftp://x.y']) {
      await edit.click();
      dialog = p.page.getByRole('dialog', { name: 'Edit profile' });
      await dialog.getByRole('textbox', { name: 'Bio' }).fill('This bio must not be saved');
      const url = dialog.getByRole('textbox', { name: 'Url' });
      await url.fill(bad);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/http\(s\) URL/);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await p.page.reload();
    await profile.getByText(bio, { exact: true }).waitFor();
    expect(await profile.getByText('This bio must not be saved').count()).toBe(0);
    expect(await profile.getByRole('link', { name: 'https://example.org/olu' }).count()).toBe(1);
    const hrefs = await profile
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.every((href) => href === null || !/^(javascript|ftp):/i.test(href))).toBe(true);
    // The refused saves answer 400, which the browser logs; those are the expected outcome.
    expect(p.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
