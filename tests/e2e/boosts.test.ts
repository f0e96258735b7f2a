import { describe, expect, it } from 'vitest';
import { signUp, type E2ePage } from './harness.js';
import { callTrpc, card, memberWithPost, number, unique, useE2e } from './page-helpers.js';
import { fingerPx } from './tap-targets.js';

// Boosts in a real browser (docs/decisions/0011-boosts-in-the-home-feed.md): a member boosts a post from a
// card on a phone, and a follower with the home feed open sees it arrive live, "Ana Lima boosted" above it;
// a refused boost rolls back with a message.

const { open } = useE2e();

const me = (p: E2ePage) =>
  p.page.evaluate(
    () => JSON.parse(sessionStorage.getItem('user') ?? '{}') as { id: string; username: string },
  );

describe('boosts', () => {
  it('a boost reaches a follower’s open home feed live, with who boosted it', async () => {
    const author = await open();
    const { text } = await memberWithPost(author, unique('Worth a boost'));

    const ana = await open({ width: 390, height: 844 });
    await signUp(ana, 'Ana', 'Lima');
    const anaUser = await me(ana);
    const ben = await open();
    await signUp(ben, 'Ben', 'Reader');
    await callTrpc(ben, 'follow.follow', { userId: anaUser.id });
    await ben.page.reload();
    const feed = ben.page.getByRole('region', { name: 'Your feed' });
    await feed.waitFor();
    expect(await card(ben.page, text).count()).toBe(0);

    // Ana boosts from the explore page on a phone: a finger-sized toggle that says it is pressed.
    await ana.page.goto(ana.url('/explore'));
    const post = card(ana.page, text);
    const boost = post.getByRole('button', { name: 'Boost', exact: true });
    await boost.waitFor();
    const box = (await boost.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(fingerPx - 0.5);
    expect(box.height).toBeGreaterThanOrEqual(fingerPx - 0.5);
    expect(await boost.getAttribute('aria-pressed')).toBe('false');
    await boost.click();
    const undo = post.getByRole('button', { name: 'Undo boost', exact: true });
    await undo.waitFor();
    expect(await undo.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => number(post.getByTestId('boost-count'))).toBe(1);

    // Ben's feed does not move; the button brings the boost in, at the top, under Ana's name.
    await ben.page.getByRole('button', { name: '1 new post', exact: true }).click();
    const top = feed.getByRole('article').first();
    await top.filter({ hasText: text }).waitFor();
    const byline = top.getByRole('link', { name: 'Ana Lima boosted' });
    await byline.waitFor();
    expect(await byline.getAttribute('href')).toBe(`/profile/${encodeURIComponent(anaUser.username)}`);
    expect(author.errors).toEqual([]);
    expect(ana.errors).toEqual([]);
    expect(ben.errors).toEqual([]);
  });

  it('a refused boost comes back unpressed with the reason', async () => {
    const author = await open();
    const { text } = await memberWithPost(author, unique('Not for you'));
    const ana = await open();
    await signUp(ana, 'Ana', 'Lima');
    await ana.page.goto(ana.url('/explore'));
    const post = card(ana.page, text);
    await post.waitFor();
    // The author blocks Ana while her page is open: the server refuses, the card rolls back.
    await callTrpc(author, 'relations.block', { username: (await me(ana)).username });
    await post.getByRole('button', { name: 'Boost', exact: true }).click();
    await ana.page
      .getByText(/Could not boost the post: You cannot do this: one of you has blocked the other\./)
      .waitFor();
    await post.getByRole('button', { name: 'Boost', exact: true }).waitFor();
    expect(await number(post.getByTestId('boost-count'))).toBe(0);
  });
});
