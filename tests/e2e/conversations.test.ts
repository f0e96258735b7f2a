import { describe, expect, it } from 'vitest';
import { signUp } from './harness.js';
import { callTrpc, card, number, unique, useE2e } from './page-helpers.js';
import { comment, comments, openPost, postBy, thread } from './conversation-helpers.js';

// In a real browser: a post's own page, its thread of comments, votes, edits and deletes.

const { open } = useE2e();

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

  it('rolls a refused vote back and says what failed; a refused comment keeps its text', async () => {
    const p = await open();
    await signUp(p);
    const postId = await postBy(p, unique('Flaky network'));
    await callTrpc(p, 'comments.add', { postId, text: 'Vote while offline' });
    await openPost(p, postId);
    await p.page.route(/\/trpc\/[^?]*comments\.(upvote|add)/, (route) => route.abort());

    const only = comments(p.page).first();
    await only.getByRole('button', { name: 'Upvote' }).click();
    await p.page.getByText(/^Could not upvote the comment: /).waitFor();
    await expect.poll(() => number(only.getByTestId('comment-score'))).toBe(0);
    expect(await only.getByRole('button', { name: 'Upvote' }).getAttribute('aria-pressed')).toBe('false');

    const box = p.page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Not sent');
    await box.press('Enter');
    await p.page.getByText(/^Could not add the comment: /).waitFor();
    expect(await box.inputValue()).toBe('Not sent');
    expect(await comments(p.page).count()).toBe(1);
    expect(p.errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
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
    await p.page
      .getByRole('dialog', { name: 'Delete post?' })
      .getByRole('button', { name: 'Delete' })
      .click();
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
