import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from './harness.js';
import { comment, comments } from './conversation-helpers.js';
import { card, composer, number, unique, useE2e } from './page-helpers.js';

// Mentions, notifications, the post page and live updates, walked as one story by two members in two
// browsers, each step through the screens: A mentions B in a post; B's bell shows 1 without a reload; B
// opens the notification and lands on the post page, comments, votes on a comment, edits and deletes their
// own comment; A sees the new count live and a "1 new post" button when B posts; a hashtag opens its feed.

const { open } = useE2e();

const bell = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

describe('a conversation between two members, live', () => {
  it('goes from a mention to a thread and back to the other browser without a reload', async () => {
    const a = await open();
    const amara = await signUp(a, 'Amara', 'Okafor');
    const b = await open();
    const kenji = await signUp(b, 'Kenji', 'Sato');

    // A follows B, so that B's posts come to A's home feed.
    await a.page.goto(a.url(`/profile/${encodeURIComponent(kenji.username)}`));
    await a.page.getByRole('button', { name: `Follow @${kenji.username}` }).click();
    await a.page.getByRole('link', { name: 'NewsFeed' }).click();
    await b.page.getByRole('link', { name: 'Notifications, 1 unread' }).click(); // the follow
    await bell(b.page, 'Notifications').waitFor();
    await b.page.getByRole('link', { name: 'NewsFeed' }).click();

    // A mentions B, with a hashtag.
    const tag = `Picnic${Date.now()}`;
    const text = unique(`Who is in for the #${tag}, @${kenji.username}?`);
    await composer(a.page).fill(text);
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();
    const aCard = card(a.page, text);
    await aCard.waitFor();

    // B's bell shows 1 without a reload; the notification leads to the post's own page.
    await bell(b.page, 'Notifications, 1 unread').click();
    const mentioned = b.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'Amara Okafor mentioned you' });
    await mentioned.getByRole('link').click();
    await b.page.waitForURL(/\/post\/[0-9a-f-]+$/);
    await card(b.page, text).waitFor();

    // B comments twice, votes on the first comment, edits and deletes the second.
    const box = b.page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Count me in');
    await b.page.getByRole('button', { name: 'Comment', exact: true }).click();
    await comment(b.page, 'Count me in').waitFor();
    await box.fill('Bringing bread');
    await b.page.getByRole('button', { name: 'Comment', exact: true }).click();
    await b.page.getByRole('heading', { name: '2 comments', exact: true }).waitFor();

    const first = comments(b.page).first();
    await first.getByRole('button', { name: 'Upvote' }).click();
    await expect.poll(() => number(first.getByTestId('comment-score'))).toBe(1);

    const second = comments(b.page).nth(1);
    await second.getByRole('button', { name: 'Edit' }).click();
    await second.getByRole('textbox', { name: 'Edit comment' }).fill('Bringing bread and cheese');
    await second.getByRole('button', { name: 'Save' }).click();
    await comment(b.page, 'Bringing bread and cheese').locator('.thread-comment-text').waitFor();
    await comment(b.page, 'Bringing bread and cheese').getByRole('button', { name: 'Delete' }).click();
    await b.page
      .getByRole('dialog', { name: 'Delete comment?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await b.page.getByRole('heading', { name: '1 comment', exact: true }).waitFor();

    // A saw it all live: the bell counts B's comments, the card's count ends at 1.
    await bell(a.page, 'Notifications, 1 unread').waitFor();
    await aCard.getByTestId('comment-count').filter({ hasText: /^1/ }).waitFor();

    // B posts: A hears of it behind "1 new post", and A's feed does not move until A asks.
    const fromB = unique('See you at noon');
    await b.page.getByRole('link', { name: 'NewsFeed' }).click();
    await composer(b.page).fill(fromB);
    await b.page.getByRole('button', { name: 'Post', exact: true }).click();
    await a.page.getByRole('button', { name: '1 new post', exact: true }).click();
    await a.page
      .getByRole('region', { name: 'Your feed' })
      .getByRole('article')
      .first()
      .filter({ hasText: fromB })
      .waitFor();

    // The hashtag on A's post opens its feed, which lists the post.
    await card(a.page, text)
      .getByRole('link', { name: `#${tag}` })
      .click();
    await a.page.waitForURL(a.url(`/tag/${tag.toLowerCase()}`));
    await a.page
      .getByRole('region', { name: `Posts with #${tag.toLowerCase()}` })
      .getByRole('article')
      .filter({ hasText: text })
      .waitFor();

    // A's mention of B links to B's profile.
    await card(a.page, text)
      .getByRole('link', { name: `@${kenji.username}` })
      .click();
    await a.page.waitForURL(a.url(`/profile/${encodeURIComponent(kenji.username)}`));
    expect(amara.username).not.toBe(kenji.username);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
