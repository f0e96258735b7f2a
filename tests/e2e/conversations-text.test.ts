import { describe, expect, it } from 'vitest';
import { expectAccessible, logIn, signUp } from './harness.js';
import { callTrpc, card, unique, useE2e } from './page-helpers.js';
import { comment, me, openPost, postBy, scrollsSideways, shot, thread } from './conversation-helpers.js';

// In a real browser: mentions, hashtags and links in member text, the tag feed, and axe on the new
// screens.

const { open } = useE2e();

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
