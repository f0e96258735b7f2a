import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, logIn, signUp, type E2ePage } from './harness.js';
import { callTrpc, card, number, unique, useE2e } from './page-helpers.js';

// Issue 16 in a real browser: a post's own page and its thread, mentions, hashtags, links, the tag feed.

const { open } = useE2e();

const me = (p: E2ePage) =>
  p.page.evaluate(
    () => JSON.parse(sessionStorage.getItem('user') ?? '{}') as { id: string; username: string },
  );

const thread = (page: Page) => page.getByRole('list', { name: 'Comments', exact: true });
const comments = (page: Page) => thread(page).getByRole('listitem');
const comment = (page: Page, text: string) => comments(page).filter({ hasText: text });

// Screenshots of the new screens, beside those of screens.test.ts, for a person to look at.
const shotDir = join('test-results', 'screens');
mkdirSync(shotDir, { recursive: true });
const shot = (name: string) => join(shotDir, `${name}.png`);

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A member (signed up on this page) with a post written through the API; returns its id. */
async function postBy(p: E2ePage, content: string) {
  return (await callTrpc(p, 'posts.create', { content })).id;
}

async function openPost(p: E2ePage, postId: string) {
  await p.page.goto(p.url(`/post/${postId}`));
  await p.page.getByRole('heading', { level: 2, name: /^\d+ comments?$/ }).waitFor();
}

describe("a post's page", () => {
  it('shows all 30 comments, oldest first, as the member scrolls; a page that failed is tried again', async () => {
    const p = await open();
    await signUp(p);
    const postId = await postBy(p, unique('A busy post'));
    const texts = Array.from({ length: 30 }, (_, n) => `Thread comment number ${n + 1}`);
    for (const text of texts) await callTrpc(p, 'comments.add', { postId, text });

    // The second page fails at first: the 20 shown stay, with a way to try again.
    let failing = true;
    await p.page.route(/\/trpc\/[^?]*comments\.list/, (route) =>
      failing && route.request().url().includes('cursor') ? route.abort() : route.continue(),
    );
    await openPost(p, postId);
    await p.page.getByRole('heading', { name: '30 comments', exact: true }).waitFor();
    await comments(p.page).first().waitFor();
    await p.page.mouse.wheel(0, 4000);
    await p.page.getByText('More comments could not be loaded.', { exact: true }).waitFor();
    expect(await comments(p.page).count()).toBe(20);
    failing = false;
    await p.page.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(
        async () => {
          await p.page.mouse.wheel(0, 4000);
          return comments(p.page).count();
        },
        { timeout: 20_000 },
      )
      .toBe(30);
    const shown = await thread(p.page).locator('.thread-comment-text').allTextContents();
    expect(shown).toEqual(texts);
    await p.page.getByText("That's every comment.", { exact: true }).waitFor();
    expect(await p.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(p.errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });

  it('lets a member comment, vote, edit with Escape to cancel, and delete their comment', async () => {
    const p = await open();
    await signUp(p);
    const postId = await postBy(p, unique('Talk to me'));
    await callTrpc(p, 'comments.add', { postId, text: 'An earlier comment' });
    await openPost(p, postId);

    const focused = () => p.page.evaluate(() => document.activeElement?.textContent);
    const text = unique('My comment');
    await p.page.getByRole('textbox', { name: 'Add a comment' }).fill(text);
    await p.page.getByRole('button', { name: 'Comment', exact: true }).click();
    await comment(p.page, text).waitFor();
    expect(await thread(p.page).locator('.thread-comment-text').allTextContents()).toEqual([
      'An earlier comment',
      text,
    ]);
    await p.page.getByRole('heading', { name: '2 comments', exact: true }).waitFor();
    expect(await p.page.getByRole('textbox', { name: 'Add a comment' }).inputValue()).toBe('');

    // By its place: while it is edited, the comment's text is only in the editor.
    const mine = comments(p.page).nth(1);
    const up = mine.getByRole('button', { name: 'Upvote' });
    const down = mine.getByRole('button', { name: 'Downvote' });
    const score = () => number(mine.getByTestId('comment-score'));
    expect(await score()).toBe(0);
    await up.click();
    await expect.poll(score).toBe(1);
    expect(await up.getAttribute('aria-pressed')).toBe('true');
    await up.click(); // a repeated vote changes nothing
    await down.click();
    await expect.poll(score).toBe(-1);
    expect([await up.getAttribute('aria-pressed'), await down.getAttribute('aria-pressed')]).toEqual([
      'false',
      'true',
    ]);
    await p.page.reload();
    await expect.poll(score).toBe(-1);
    expect(await down.getAttribute('aria-pressed')).toBe('true');

    await mine.getByRole('button', { name: 'Edit' }).click();
    const editor = mine.getByRole('textbox', { name: 'Edit comment' });
    expect(await editor.inputValue()).toBe(text);
    await editor.fill('Not this');
    await editor.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await mine.locator('.thread-comment-text').textContent()).toBe(text);
    await expect.poll(focused).toBe('Edit'); // the keyboard is back where it was

    const edited = unique('Edited comment');
    await mine.getByRole('button', { name: 'Edit' }).click();
    await editor.fill(edited);
    await mine.getByText(`${500 - edited.length} characters left`, { exact: true }).waitFor();
    await mine.getByRole('button', { name: 'Save' }).click();
    await comment(p.page, edited).locator('.thread-comment-text').waitFor();
    await p.page.reload();
    await comment(p.page, edited).waitFor();
    expect(await comment(p.page, text).count()).toBe(0);

    const after = comment(p.page, edited);
    await after.getByRole('button', { name: 'Delete' }).click();
    const dialog = p.page.getByRole('dialog', { name: 'Delete comment?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await after.waitFor({ state: 'detached' });
    await p.page.getByRole('heading', { name: '1 comment', exact: true }).waitFor();
    await expect.poll(focused).toBe('1 comment');
    await p.page.reload();
    await comment(p.page, 'An earlier comment').waitFor();
    expect(await comment(p.page, edited).count()).toBe(0);
    expect(p.errors).toEqual([]);
  });

  it("offers Edit only to a comment's author, Delete also to the post's author", async () => {
    const author = await open();
    await signUp(author, 'Post', 'Author');
    const postId = await postBy(author, unique('Comment on this'));
    const commenter = await open();
    await signUp(commenter, 'Com', 'Menter');
    const text = unique('A comment by someone else');
    await callTrpc(commenter, 'comments.add', { postId, text });

    await openPost(commenter, postId);
    const own = comment(commenter.page, text);
    await own.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await own.getByRole('button', { name: 'Delete' }).count()).toBe(1);

    const bystander = await open();
    await signUp(bystander);
    await openPost(bystander, postId);
    const seen = comment(bystander.page, text);
    await seen.waitFor();
    expect(await seen.getByRole('button', { name: /^(Edit|Delete)$/ }).count()).toBe(0);

    await openPost(author, postId);
    const theirs = comment(author.page, text);
    await theirs.waitFor();
    expect(await theirs.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await theirs.getByRole('button', { name: 'Delete' }).click();
    await author.page
      .getByRole('dialog', { name: 'Delete comment?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await theirs.waitFor({ state: 'detached' });
    await author.page.getByRole('heading', { name: '0 comments', exact: true }).waitFor();
    expect([author.errors, commenter.errors, bystander.errors]).toEqual([[], [], []]);
  });

  it('shows a clear page for an unknown post, and goes home after its author deletes it', async () => {
    const p = await open();
    await signUp(p);
    await p.page.goto(p.url('/post/no-such-post-0000'));
    await p.page.getByText("This post doesn't exist or was deleted.", { exact: true }).waitFor();
    await expect.poll(() => p.page.title()).toBe('Post not found · Realm');
    await p.page.getByRole('link', { name: 'Go home' }).click();
    await p.page.waitForURL(p.url('/'));

    const text = unique('Soon gone');
    const postId = await postBy(p, text);
    await openPost(p, postId);
    await p.page.getByRole('button', { name: 'Post options' }).click();
    await p.page.getByRole('menuitem', { name: 'Delete' }).click();
    await p.page.waitForURL(p.url('/'));
    await p.page.goto(p.url(`/post/${postId}`));
    await p.page.getByText("This post doesn't exist or was deleted.", { exact: true }).waitFor();
    // The 404 of the deleted post is the one console error this test expects.
    expect(p.errors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  it('opens from a shared link after signing in', async () => {
    const p = await open();
    const credentials = await signUp(p);
    const text = unique('Shared with a friend');
    const postId = await postBy(p, text);
    const friend = await open();
    await friend.page.goto(friend.url(`/post/${postId}`));
    await friend.page.waitForURL(friend.url('/auth'));
    await friend.page.getByLabel('Email').fill(credentials.username);
    await friend.page.getByLabel('Password').fill(credentials.password);
    await friend.page.getByRole('button', { name: 'Login to your account' }).click();
    await friend.page.waitForURL(friend.url(`/post/${postId}`));
    await card(friend.page, text).waitFor();
    expect(friend.errors).toEqual([]);
  });

  it("is reached from a card's time and comment count", async () => {
    const p = await open();
    await signUp(p);
    const text = unique('Find my page');
    const postId = await postBy(p, text);
    await p.page.reload();
    const post = card(p.page, text);
    await post.getByRole('link', { name: '0 comments' }).click();
    await p.page.waitForURL(p.url(`/post/${postId}`));
    await p.page.goBack();
    await card(p.page, text).locator('a.post-time').click();
    await p.page.waitForURL(p.url(`/post/${postId}`));
    await expect.poll(() => p.page.title()).toMatch(/^Post by @.+ · Realm$/);
    expect(p.errors).toEqual([]);
  });
});

describe('rich text', () => {
  it("links a hashtag to its feed, which lists the post; an unused tag's feed says so", async () => {
    const p = await open();
    await signUp(p);
    const tag = `Harbour${Date.now()}`;
    const text = `Sunset over the #${tag} tonight`;
    await postBy(p, text);
    await p.page.reload();
    await card(p.page, text)
      .getByRole('link', { name: `#${tag}` })
      .click();
    await p.page.waitForURL(p.url(`/tag/${tag.toLowerCase()}`));
    await p.page.getByRole('heading', { level: 1, name: `#${tag.toLowerCase()}` }).waitFor();
    const feed = p.page.getByRole('region', { name: `Posts with #${tag.toLowerCase()}` });
    await feed.getByRole('article').filter({ hasText: text }).waitFor();
    expect(await feed.getByRole('article').count()).toBe(1);
    await expect.poll(() => p.page.title()).toBe(`#${tag.toLowerCase()} · Realm`);

    await p.page.goto(p.url('/tag/nothingTaggedThis'));
    await p.page.getByText('No posts with #nothingTaggedThis yet.', { exact: true }).waitFor();
    expect(p.errors).toEqual([]);
  });

  it("links a member's mention to their profile; a name nobody has stays text", async () => {
    const mentioned = await open();
    await signUp(mentioned, 'Men', 'Tioned');
    const { username } = await me(mentioned);
    const p = await open();
    await signUp(p);
    const text = `Thanks @${username} and @nobody_is_called_this for the help`;
    const postId = await postBy(p, text);
    await callTrpc(p, 'comments.add', { postId, text: `Also @${username.toUpperCase()}!` });

    await p.page.reload();
    const post = card(p.page, text);
    await post.waitFor();
    expect(await post.getByRole('link', { name: '@nobody_is_called_this' }).count()).toBe(0);
    expect(await post.locator('.post-content').textContent()).toBe(text);
    await openPost(p, postId);
    // In a comment, written in other case: the link goes to the account as it is spelled.
    const inComment = comment(p.page, 'Also').getByRole('link', { name: `@${username.toUpperCase()}` });
    expect(await inComment.getAttribute('href')).toBe(`/profile/${encodeURIComponent(username)}`);
    await p.page
      .getByRole('article')
      .getByRole('link', { name: `@${username}`, exact: true })
      .click();
    await p.page.waitForURL(p.url(`/profile/${encodeURIComponent(username)}`));
    await p.page.getByRole('heading', { level: 1, name: 'Men Tioned' }).waitFor();
    expect([mentioned.errors, p.errors]).toEqual([[], []]);
  });

  it('makes http(s) URLs links that vouch for nothing, and shows markup as text', async () => {
    const p = await open();
    await signUp(p);
    const text = `Read https://example.com/guide?x=1. It has <b>bold</b> ideas ${unique('and more')}`;
    const postId = await postBy(p, text);
    await callTrpc(p, 'comments.add', { postId, text: 'See http://example.org/a_(b) <i>now</i>' });
    await openPost(p, postId);

    const post = p.page.getByRole('article');
    const link = post.getByRole('link', { name: 'https://example.com/guide?x=1', exact: true });
    expect(await link.getAttribute('href')).toBe('https://example.com/guide?x=1');
    expect(await link.getAttribute('rel')).toBe('nofollow noopener ugc');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await post.locator('.post-content').textContent()).toBe(text);
    expect(await post.locator('b').count()).toBe(0);

    const inComment = comment(p.page, 'See').getByRole('link', { name: 'http://example.org/a_(b)' });
    expect(await inComment.getAttribute('rel')).toBe('nofollow noopener ugc');
    expect(await comment(p.page, 'See').locator('.thread-comment-text').textContent()).toBe(
      'See http://example.org/a_(b) <i>now</i>',
    );
    expect(await thread(p.page).locator('i').count()).toBe(0);
    expect(p.errors).toEqual([]);
  });
});

describe('accessibility', () => {
  it('finds no serious or critical axe violation on the post and tag pages, phone and desktop, both themes', async () => {
    const other = await open();
    // A last name of 50 characters, the most a member may have: it must not push the page sideways on a phone.
    await signUp(other, 'Amara', 'Okafor-Abernathy-Vandermeulen-Kowalczyk-Nakamura-Q');
    const { username } = await me(other);
    // The demo member, who has a picture: a member without one shows initials in the navbar's "Account menu"
    // button, which axe reports as label-content-name-mismatch (reported to the navbar's owner).
    const p = await open();
    await logIn(p);
    const tag = `Axe${Date.now()}`;
    const postId = await postBy(p, `Checking #${tag} with @${username} and https://example.com/a11y`);
    await callTrpc(p, 'comments.add', { postId, text: `Mine, with #${tag}` });
    const theirs = await callTrpc<{ latestComments: { id: string }[] }>(other, 'comments.add', {
      postId,
      text: `Theirs, to @${username} https://example.com`,
    });
    await callTrpc(p, 'comments.upvote', { postId, commentId: theirs.latestComments[0]!.id });

    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const label = `${size.width}px ${colorScheme}`;
        const q = await open({ ...size, colorScheme });
        await logIn(q);
        await openPost(q, postId);
        await comment(q.page, 'Theirs').waitFor();
        await q.page.screenshot({ path: shot(`post-${size.width}-${colorScheme}`), fullPage: true });
        await expectAccessible(q.page, `post page ${label}`);
        expect(await scrollsSideways(q.page), `post page scrolls sideways at ${label}`).toBe(false);
        await comment(q.page, 'Mine').getByRole('button', { name: 'Edit' }).click();
        await q.page.screenshot({ path: shot(`post-editing-${size.width}-${colorScheme}`) });
        await expectAccessible(q.page, `post page, editing, ${label}`);
        await comment(q.page, 'Theirs').getByRole('button', { name: 'Delete' }).click();
        await q.page.getByRole('dialog', { name: 'Delete comment?' }).waitFor();
        await expectAccessible(q.page, `post page, confirming, ${label}`);
        await q.page.keyboard.press('Escape');

        await q.page.goto(q.url(`/tag/${tag.toLowerCase()}`));
        await q.page.getByRole('article').first().waitFor();
        await q.page.screenshot({ path: shot(`tag-${size.width}-${colorScheme}`), fullPage: true });
        await expectAccessible(q.page, `tag page ${label}`);
        expect(await scrollsSideways(q.page), `tag page scrolls sideways at ${label}`).toBe(false);
        await q.page.goto(q.url('/tag/nothingHere'));
        await q.page.getByText('No posts with #nothingHere yet.', { exact: true }).waitFor();
        await expectAccessible(q.page, `empty tag page ${label}`);
        expect(q.errors).toEqual([]);
      }
    }
  });
});
