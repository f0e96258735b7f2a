import { describe, expect, it } from 'vitest';
import { memberWithPost, number, useE2e } from './page-helpers.js';

// Likes in a real browser: the toggle, its optimistic change, and its roll-back when the server refuses.

const { open } = useE2e();

describe('likes', () => {
  it('flips Like/Unlike and the count at once, and the state survives a reload', async () => {
    const p = await open();
    const { post } = await memberWithPost(p);
    const likes = post.getByTestId('like-count');
    expect(await number(likes)).toBe(0);

    // Hold the server's answer back: the card must change before it arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.page.route('**/trpc/posts.like*', async (route) => {
      await held;
      await route.continue();
    });
    await post.getByRole('button', { name: 'Like', exact: true }).click();
    const unlike = post.getByRole('button', { name: 'Unlike', exact: true });
    await unlike.waitFor();
    expect(await unlike.getAttribute('aria-pressed')).toBe('true');
    expect(await number(likes)).toBe(1);
    const answered = p.page.waitForResponse((r) => r.url().includes('posts.like'));
    release();
    await answered;
    await p.page.unroute('**/trpc/posts.like*');

    await p.page.reload();
    await unlike.waitFor();
    expect(await number(likes)).toBe(1);

    const disliked = p.page.waitForResponse((r) => r.url().includes('posts.dislike'));
    await unlike.click();
    const like = post.getByRole('button', { name: 'Like', exact: true });
    await like.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await number(likes)).toBe(0);
    await disliked;
    await p.page.reload();
    await like.waitFor();
    expect(await number(likes)).toBe(0);
    expect(p.errors).toEqual([]);
  });

  // A server fault is named in plain words (src/client/lib/error-text.ts), not in the server's own.
  it('rolls a refused like back and names the failure in a toast', async () => {
    const p = await open();
    const { post } = await memberWithPost(p);
    await p.page.route('**/trpc/posts.like*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'The server is on fire.',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            },
          },
        ]),
      }),
    );
    await post.getByRole('button', { name: 'Like', exact: true }).click();
    const toast = p.page
      .getByRole('status')
      .getByText("Could not like the post: Something went wrong on Realm's side. Try again in a moment.");
    await toast.waitFor();
    const like = post.getByRole('button', { name: 'Like', exact: true });
    await like.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await number(post.getByTestId('like-count'))).toBe(0);
    // The refused request is logged by the browser itself; that one console error is the expected outcome.
    expect(p.errors.filter((e) => !e.includes('status of 500'))).toEqual([]);
  });

  it('rolls back a like on a post deleted meanwhile, with a toast', async () => {
    const p = await open();
    const { post } = await memberWithPost(p);
    const postId = await p.page.evaluate(async () => {
      const token = sessionStorage.getItem('token') ?? '';
      const headers = { authorization: token };
      const page = await (await fetch('/trpc/posts.feed?input=%7B%7D', { headers })).json();
      const id: string = page.result.data.items[0].id;
      const body = JSON.stringify({ postId: id });
      await fetch('/trpc/posts.delete', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
      return id;
    });
    expect(postId).toBeTruthy();
    await post.getByRole('button', { name: 'Like', exact: true }).click();
    await p.page
      .getByRole('status')
      .getByText(/^Could not like the post: .+/)
      .waitFor();
    expect(await post.getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(await number(post.getByTestId('like-count'))).toBe(0);
    // The browser logs the refused request (404); that is the expected outcome here.
    expect(p.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
